package ipadict

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/ikawaha/kagome-dict/ipa"
)

const module = "github.com/ikawaha/kagome-dict/ipa"

// TestImageSource: the image was built from the dictionary module that
// go.mod requires; regenerate it (go generate) when it fails after an
// upgrade. (A test binary records no dependencies, so go.mod is read.)
func TestImageSource(t *testing.T) {
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for line := range strings.Lines(string(b)) {
				if f := strings.Fields(line); len(f) >= 2 && (f[0] == module || len(f) >= 3 && f[0] == "require" && f[1] == module) {
					version := f[len(f)-1]
					if f[0] == "require" {
						version = f[2]
					}
					if got := module + " " + version; got != source {
						t.Fatalf("image built from %s, go.mod requires %s: run go generate", source, got)
					}
					return
				}
			}
			t.Fatalf("go.mod does not require %s", module)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the package")
		}
		dir = parent
	}
}

// TestImageMatchesTheModule compares every table with the dictionary the
// module loads.
func TestImageMatchesTheModule(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the module's dictionary")
	}
	got, err := Dict()
	if err != nil {
		t.Fatal(err)
	}
	want := ipa.DictShrink()
	if !slices.Equal(got.Morphs, want.Morphs) {
		t.Error("words differ")
	}
	if !slices.Equal(got.Index.Da, want.Index.Da) || !maps.Equal(got.Index.Dup, want.Index.Dup) {
		t.Error("trie differs")
	}
	if !reflect.DeepEqual(got.Connection, want.Connection) {
		t.Error("connection matrix differs")
	}
	if !slices.Equal(got.CharCategory, want.CharCategory) || !slices.Equal(got.CharClass, want.CharClass) ||
		!slices.Equal(got.InvokeList, want.InvokeList) || !slices.Equal(got.GroupList, want.GroupList) {
		t.Error("character tables differ")
	}
	if !slices.Equal(got.POSTable.NameList, want.POSTable.NameList) || got.POSTable.POSs != nil {
		t.Error("part-of-speech names differ")
	}
	if !maps.Equal(got.ContentsMeta, want.ContentsMeta) || !reflect.DeepEqual(got.UnkDict, want.UnkDict) {
		t.Error("unknown-word tables differ")
	}
	if !reflect.DeepEqual(got.Info(), want.Info()) {
		t.Errorf("info %v, want %v", got.Info(), want.Info())
	}
}

// TestDictCost: building the dictionary over the image allocates only
// the duplicate map and the small tables, not the image.
func TestDictCost(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := Dict(); err != nil {
			t.Fatal(err)
		}
	})
	runtime.ReadMemStats(&after)
	perRun := float64(after.TotalAlloc-before.TotalAlloc) / 6 // AllocsPerRun runs once more to warm up
	t.Logf("Dict: %.0f allocations, %.2f MB a call; image %.1f MB", allocs, perRun/(1<<20), float64(len(image))/(1<<20))
	if allocs > 2000 || perRun > 4<<20 {
		t.Errorf("Dict allocates %.0f times, %.0f bytes; want at most 2000 and 4 MiB", allocs, perRun)
	}
}

// aligned returns a copy of s that starts at a multiple of 8 bytes.
func aligned(s string) string {
	buf := make([]uint64, (len(s)+7)/8)
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(buf))), len(s))
	copy(b, s)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

func TestCorruptImages(t *testing.T) {
	withCount := func(i int, v byte) string {
		b := []byte(image)
		b[len(magic)+8*i+7] = v // the high byte: a count beyond the image
		return aligned(string(b))
	}
	for name, img := range map[string]string{
		"empty":       aligned(""),
		"truncated":   aligned(image[:len(image)-8]),
		"header":      aligned("KGIPAD0\n" + image[len(magic):]),
		"words":       withCount(0, 1),
		"connections": withCount(3, 1),
	} {
		if _, err := build(img, true); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
		if _, err := build(img, false); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
}

func TestUnalignedImage(t *testing.T) {
	img := aligned(" " + image)[1:]
	if err := inPlace(img); err == nil || !strings.Contains(err.Error(), "aligned") {
		t.Errorf("inPlace(unaligned) = %v, want an error", err)
	}
	if err := inPlace(image); err != nil {
		t.Errorf("the embedded image: %v", err)
	}
}

// TestDecodedTablesEqualShared: the tables decoded into the heap, as on a
// machine that cannot use the image in place, equal the shared ones.
func TestDecodedTablesEqualShared(t *testing.T) {
	shared, err := build(image, true)
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := build(image, false)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(shared, decoded) {
		t.Error("the decoded dictionary differs from the shared one")
	}
	if unsafe.SliceData(decoded.Morphs) == unsafe.SliceData(shared.Morphs) || unsafe.SliceData(decoded.CharCategory) == unsafe.SliceData(shared.CharCategory) {
		t.Error("the decoded dictionary shares the image")
	}
}
