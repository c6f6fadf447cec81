package chattest

import (
	"net/http"
	"strings"
	"testing"
)

func TestServer(t *testing.T) {
	var got []string
	srv := Server(t, func(body []byte) (string, error) {
		got = append(got, Text(body), Schema(body))
		if strings.Contains(Text(body), "fail") {
			return "", &StatusError{Code: 503, Message: "overloaded"}
		}
		return "ok", nil
	})
	post := func(key, body string) int {
		req, _ := http.NewRequest("POST", srv.URL+"/v1/chat/completions", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if c := post(Key, `{"messages":[{"content":"日本語"},{"content":"b"}],"response_format":{"json_schema":{"name":"council_report"}}}`); c != 200 {
		t.Fatalf("status %d", c)
	}
	if c := post("other", `{}`); c != 400 {
		t.Fatalf("a wrong key: status %d", c)
	}
	if c := post(Key, `{"messages":[{"content":"fail"}]}`); c != 503 {
		t.Fatalf("an answer's StatusError: status %d", c)
	}
	if got[0] != "日本語b" || got[1] != "council_report" {
		t.Fatalf("read %q", got)
	}
}
