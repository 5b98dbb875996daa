package loadline

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"go.k6.io/k6/metrics"
	"go.k6.io/k6/output"
)

func testParams(arg string, env map[string]string) output.Params {
	logger := logrus.New()
	logger.SetOutput(io.Discard)
	return output.Params{OutputType: "loadline", ConfigArgument: arg, Environment: env, Logger: logger}
}

func TestConfig(t *testing.T) {
	t.Parallel()
	if _, err := New(testParams("", nil)); err == nil || !strings.Contains(err.Error(), EnvPath) {
		t.Errorf("no path: %v", err)
	}
	o, err := New(testParams("", map[string]string{EnvPath: "/tmp/from-env.ndjson"}))
	if err != nil || o.(*Output).path != "/tmp/from-env.ndjson" {
		t.Errorf("env: %v %v", o, err)
	}
	o, err = New(testParams("/tmp/arg.ndjson", map[string]string{EnvPath: "/tmp/from-env.ndjson"}))
	if err != nil || o.(*Output).path != "/tmp/arg.ndjson" || o.Description() != "loadline (/tmp/arg.ndjson)" {
		t.Errorf("arg wins: %v %v", o, err)
	}
}

func TestStartFailsOnBadPath(t *testing.T) {
	t.Parallel()
	o, err := New(testParams(filepath.Join(t.TempDir(), "missing", "dir", "x.ndjson"), nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Start(); err == nil {
		t.Error("Start succeeded on a path in a missing directory")
	}
}

// A whole run through the Output: file path, flusher, Stop writes what is left, in order.
func TestOutputToFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "series.ndjson")
	o, err := New(testParams(path, nil))
	if err != nil {
		t.Fatal(err)
	}
	out := o.(*Output)
	now := time.Now()
	out.now = func() time.Time { return now }
	if err := out.Start(); err != nil {
		t.Fatal(err)
	}
	f := newFixture()
	t0 := now.Unix() - 10
	tags := httpTags("A", "GET", "200")
	for i := int64(0); i < 10; i++ {
		out.AddMetricSamples([]metrics.SampleContainer{metrics.Samples{
			f.req(sec(t0+i, 10), 5, tags),
			f.req(sec(t0+i, 20), 6, tags),
		}})
	}
	time.Sleep(1500 * time.Millisecond) // let the flusher write the ready seconds
	mid, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(decodeLines(t, mid)); n != 9 { // t0..t0+8 are 2 s older than the clock, t0+10
		t.Errorf("%d seconds written before Stop, want 9", n)
	}
	out.AddMetricSamples([]metrics.SampleContainer{metrics.Samples{f.req(sec(t0, 500), 7, tags)}}) // late
	if err := out.Stop(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	seconds := decodeLines(t, data)
	var want []int64
	for i := int64(0); i < 10; i++ {
		want = append(want, t0+i)
	}
	if got := times(seconds); !reflect.DeepEqual(got, want) {
		t.Fatalf("seconds %v, want %v", got, want)
	}
	total := 0
	for _, s := range seconds {
		total += s.Requests[0].Count
	}
	if total != 21 {
		t.Errorf("total count %d, want 21", total)
	}
}

// The runner hands k6 a pipe as fd 3 and passes /dev/fd/3.
func TestOutputToInheritedDescriptor(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = r.Close() }()
	// Hand over a descriptor of its own, as a child process would see it: the Output owns
	// and closes it.
	fd, err := syscall.Dup(int(w.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	_ = w.Close()
	o, err := New(testParams(fmt.Sprintf("/dev/fd/%d", fd), nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Start(); err != nil {
		t.Fatal(err)
	}
	f := newFixture()
	o.AddMetricSamples([]metrics.SampleContainer{metrics.Samples{f.req(time.Now(), 5, httpTags("A", "GET", "200"))}})
	done := make(chan []byte)
	go func() {
		data, _ := io.ReadAll(r)
		done <- data
	}()
	if err := o.Stop(); err != nil {
		t.Fatal(err)
	}
	var data []byte
	select {
	case data = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("pipe not closed by Stop")
	}
	seconds := decodeLines(t, data)
	if len(seconds) != 1 || seconds[0].Requests[0].Count != 1 {
		t.Errorf("got %+v", seconds)
	}
}

func TestOutputToDevNull(t *testing.T) {
	t.Parallel()
	o, err := New(testParams(os.DevNull, nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Start(); err != nil {
		t.Fatal(err)
	}
	if err := o.Stop(); err != nil {
		t.Fatal(err)
	}
}
