package headless

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"time"
)

// Page is one tab of a Browser, attached to its own session.
type Page struct {
	b       *Browser
	session string
}

// NewPage opens a blank tab whose viewport is width×height CSS pixels.
func (b *Browser) NewPage(ctx context.Context, width, height int) (*Page, error) {
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.Call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return nil, err
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.Call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		return nil, err
	}
	p := &Page{b: b, session: attached.SessionID}
	if err := p.Call(ctx, "Emulation.setDeviceMetricsOverride",
		map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return nil, err
	}
	return p, nil
}

// Call sends method with params to the page's session (see Browser.Call).
func (p *Page) Call(ctx context.Context, method string, params, result any) error {
	return p.b.Call(ctx, p.session, method, params, result)
}

// Navigate loads url and returns once its document has loaded
// (document.readyState "complete"); a url that differs from the page's
// only in its fragment returns at once, as the browser does not reload.
func (p *Page) Navigate(ctx context.Context, url string) error {
	// The old document carries a mark; the new one is there when a
	// document without it is complete.
	const mark = "__headlessOld"
	if err := p.Eval(ctx, "window."+mark+" = true", nil); err != nil {
		return err
	}
	var nav struct {
		LoaderID  string `json:"loaderId"`
		ErrorText string `json:"errorText"`
	}
	if err := p.Call(ctx, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
		return err
	}
	if nav.ErrorText != "" {
		return fmt.Errorf("headless: navigate to %s: %s", url, nav.ErrorText)
	}
	if nav.LoaderID == "" {
		return nil // the same document, at another fragment
	}
	for {
		// While the old document goes, evaluating may fail: that too means wait.
		var loaded bool
		err := p.Eval(ctx, "!window."+mark+` && document.readyState === "complete"`, &loaded)
		if err == nil && loaded {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("headless: navigate to %s: %w (%v)", url, ctx.Err(), err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// Eval evaluates the JavaScript expression expr in the page, awaits it
// if it is a promise, and decodes its value (as JSON) into out (nil to
// drop it). An exception thrown is an error naming its text.
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := p.Call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, &r)
	if err != nil {
		return err
	}
	if e := r.ExceptionDetails; e != nil {
		return fmt.Errorf("headless: %s %s", e.Text, e.Exception.Description)
	}
	if out == nil || len(r.Result.Value) == 0 {
		return nil
	}
	if err := json.Unmarshal(r.Result.Value, out); err != nil {
		return fmt.Errorf("headless: the value of %.60q: %w", expr, err)
	}
	return nil
}

// Screenshot returns a PNG of the viewport.
func (p *Page) Screenshot(ctx context.Context) ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	if err := p.Call(ctx, "Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return nil, err
	}
	data, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		return nil, fmt.Errorf("headless: screenshot: %w", err)
	}
	return data, nil
}
