package loadline

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.k6.io/k6/metrics"
)

type fixture struct {
	registry *metrics.Registry
	builtin  *metrics.BuiltinMetrics
}

func newFixture() *fixture {
	r := metrics.NewRegistry()
	return &fixture{registry: r, builtin: metrics.RegisterBuiltinMetrics(r)}
}

func (f *fixture) sample(m *metrics.Metric, at time.Time, value float64, tags map[string]string) metrics.Sample {
	return metrics.Sample{
		TimeSeries: metrics.TimeSeries{Metric: m, Tags: f.registry.RootTagSet().WithTagsFromMap(tags)},
		Time:       at,
		Value:      value,
	}
}

func (f *fixture) req(at time.Time, ms float64, tags map[string]string) metrics.Sample {
	return f.sample(f.builtin.HTTPReqDuration, at, ms, tags)
}

func sec(unix int64, ms int) time.Time {
	return time.Unix(unix, int64(ms)*int64(time.Millisecond))
}

func httpTags(name, method, status string, extra ...string) map[string]string {
	tags := map[string]string{"name": name, "method": method, "status": status, "scenario": "default", "expected_response": "true"}
	for i := 0; i+1 < len(extra); i += 2 {
		if extra[i+1] == "<none>" {
			delete(tags, extra[i])
			continue
		}
		tags[extra[i]] = extra[i+1]
	}
	return tags
}

// Decoded line, field names as in series.ts.
type jsonSecond struct {
	V                 int           `json:"v"`
	T                 int64         `json:"t"`
	Requests          []jsonRequest `json:"requests"`
	VUs               int           `json:"vus"`
	VUsMax            int           `json:"vusMax"`
	Iterations        int           `json:"iterations"`
	DroppedIterations int           `json:"droppedIterations"`
	BytesReceived     float64       `json:"bytesReceived"`
	BytesSent         float64       `json:"bytesSent"`
	MessagesSent      *int          `json:"messagesSent"`
	MessagesReceived  *int          `json:"messagesReceived"`
	SpanStartMs       *float64      `json:"spanStartMs"`
	SpanEndMs         *float64      `json:"spanEndMs"`
	Checks            []jsonCheck   `json:"checks"`
}

type jsonRequest struct {
	Name      string        `json:"name"`
	Method    string        `json:"method"`
	Status    int           `json:"status"`
	Expected  bool          `json:"expected"`
	ErrorCode string        `json:"errorCode"`
	Scenario  string        `json:"scenario"`
	Count     int           `json:"count"`
	Latency   jsonHistogram `json:"latency"`
}

type jsonHistogram struct {
	RelativeAccuracy float64          `json:"relativeAccuracy"`
	Count            int              `json:"count"`
	Sum              float64          `json:"sum"`
	Min              float64          `json:"min"`
	Max              float64          `json:"max"`
	ZeroCount        int              `json:"zeroCount"`
	Bins             map[string]int64 `json:"bins"`
}

type jsonCheck struct {
	Name   string `json:"name"`
	Passes int    `json:"passes"`
	Fails  int    `json:"fails"`
}

func decodeLines(t *testing.T, out []byte) []jsonSecond {
	t.Helper()
	if len(out) == 0 {
		return nil
	}
	if !bytes.HasSuffix(out, []byte("\n")) {
		t.Fatalf("output does not end with a newline: %q", out)
	}
	var seconds []jsonSecond
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		var s jsonSecond
		if err := dec.Decode(&s); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		seconds = append(seconds, s)
	}
	return seconds
}

func times(seconds []jsonSecond) []int64 {
	ts := make([]int64, 0, len(seconds))
	for _, s := range seconds {
		ts = append(ts, s.T)
	}
	return ts
}

func assertJSONEqual(t *testing.T, want, got any) {
	t.Helper()
	if !reflect.DeepEqual(want, got) {
		w, _ := json.Marshal(want)
		g, _ := json.Marshal(got)
		t.Errorf("got  %s\nwant %s", g, w)
	}
}

func TestJSONShapeOfOneSecond(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	const t0 = 1_700_000_000
	a.add([]metrics.SampleContainer{metrics.Samples{
		f.req(sec(t0, 100), 0.5, httpTags("GetListing", "GET", "200")),
		f.req(sec(t0, 200), 9.1, httpTags("GetListing", "GET", "200")),
		f.sample(f.builtin.VUs, sec(t0, 10), 20, nil),
		f.sample(f.builtin.VUsMax, sec(t0, 10), 20, nil),
		f.sample(f.builtin.Iterations, sec(t0, 300), 1, nil),
		f.sample(f.builtin.DroppedIterations, sec(t0, 300), 2, nil),
		f.sample(f.builtin.DataReceived, sec(t0, 300), 12345, nil),
		f.sample(f.builtin.DataSent, sec(t0, 300), 2345, nil),
		f.sample(f.builtin.Checks, sec(t0, 300), 1, map[string]string{"check": "status is 200"}),
		f.sample(f.builtin.HTTPReqWaiting, sec(t0, 300), 3, httpTags("GetListing", "GET", "200")), // ignored
	}})
	out := a.drain(nil, 0, true)

	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	want := map[string]any{
		"v": 1.0, "t": float64(t0),
		"requests": []any{map[string]any{
			"name": "GetListing", "method": "GET", "status": 200.0, "expected": true, "errorCode": "", "scenario": "default",
			"count": 2.0,
			"latency": map[string]any{
				"relativeAccuracy": 0.005, "count": 2.0, "sum": 9.6, "min": 0.5, "max": 9.1, "zeroCount": 0.0,
				"bins": map[string]any{"-69": 1.0, "221": 1.0},
			},
		}},
		"vus": 20.0, "vusMax": 20.0, "iterations": 1.0, "droppedIterations": 2.0,
		"bytesReceived": 12345.0, "bytesSent": 2345.0,
		"spanStartMs": 1700000000099.5, "spanEndMs": 1700000000200.0,
		"checks": []any{map[string]any{"name": "status is 200", "passes": 1.0, "fails": 0.0}},
	}
	assertJSONEqual(t, want, got)
	wantKeys := `{"v":1,"t":1700000000,"requests":[{"name":"GetListing","method":"GET","status":200,"expected":true,` +
		`"errorCode":"","scenario":"default","count":2,"latency":{"relativeAccuracy":0.005,"count":2,"sum":9.6,"min":0.5,` +
		`"max":9.1,"zeroCount":0,"bins":{"-69":1,"221":1}}}],"vus":20,"vusMax":20,"iterations":1,"droppedIterations":2,` +
		`"bytesReceived":12345,"bytesSent":2345,"spanStartMs":1700000000099.5,"spanEndMs":1700000000200,"checks":[{"name":"status is 200","passes":1,"fails":0}]}` + "\n"
	if string(out) != wantKeys {
		t.Errorf("line\n%s\nwant\n%s", out, wantKeys)
	}
}

func TestGroupingByTags(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	const t0 = 1_700_000_000
	at := sec(t0, 500)
	a.add([]metrics.SampleContainer{metrics.Samples{
		f.req(at, 1, httpTags("A", "GET", "200")),
		f.req(at, 2, httpTags("A", "GET", "200")),
		f.req(at, 3, httpTags("A", "GET", "200", "url", "http://x/1")), // other tags don't split a group
		f.req(at, 4, httpTags("A", "POST", "200")),
		f.req(at, 5, httpTags("A", "GET", "404", "expected_response", "false", "error_code", "1404")),
		f.req(at, 6, httpTags("A", "GET", "", "expected_response", "false", "error_code", "1211")), // timeout: no status
		f.req(at, 7, httpTags("A", "GET", "200", "scenario", "spike")),
		f.req(at, 8, httpTags("B", "GET", "503", "expected_response", "<none>")), // no callback: 503 unexpected
		f.req(at, 9, httpTags("B", "GET", "302", "expected_response", "<none>")), // no callback: 302 expected
		f.req(at, 10, httpTags("B", "GET", "200", "scenario", "<none>")),         // no scenario tag
		f.req(at, 11, httpTags("B", "GET", "200", "expected_response", "false")), // the callback decides
	}})
	seconds := decodeLines(t, a.drain(nil, 0, true))
	if len(seconds) != 1 {
		t.Fatalf("%d seconds", len(seconds))
	}
	type group struct {
		Name, Method, ErrorCode, Scenario string
		Status, Count                     int
		Expected                          bool
		Sum                               float64
	}
	var got []group
	for _, r := range seconds[0].Requests {
		if r.Count != r.Latency.Count {
			t.Errorf("count %d != latency.count %d", r.Count, r.Latency.Count)
		}
		got = append(got, group{r.Name, r.Method, r.ErrorCode, r.Scenario, r.Status, r.Count, r.Expected, r.Latency.Sum})
	}
	want := []group{ // sorted by name, method, status, expected, errorCode, scenario
		{"A", "GET", "1211", "default", 0, 1, false, 6},
		{"A", "GET", "", "default", 200, 3, true, 6},
		{"A", "GET", "", "spike", 200, 1, true, 7},
		{"A", "GET", "1404", "default", 404, 1, false, 5},
		{"A", "POST", "", "default", 200, 1, true, 4},
		{"B", "GET", "", "default", 200, 1, false, 11},
		{"B", "GET", "", "default", 200, 1, true, 10},
		{"B", "GET", "", "default", 302, 1, true, 9},
		{"B", "GET", "", "default", 503, 1, false, 8},
	}
	assertJSONEqual(t, want, got)
}

func TestSecondsByWallClockAndWatermark(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	const t0 = 1_700_000_000
	tags := httpTags("A", "GET", "200")
	a.add([]metrics.SampleContainer{metrics.Samples{
		f.req(sec(t0, 999), 1, tags),
		f.req(sec(t0+1, 0), 1, tags),
		f.req(sec(t0+1, 1), 1, tags),
		f.req(sec(t0+2, 0), 1, tags),
	}})
	// Newest sample second is t0+2: only t0 is 2 s older.
	if got := times(decodeLines(t, a.drain(nil, t0+1, false))); !reflect.DeepEqual(got, []int64{t0}) {
		t.Fatalf("first drain wrote %v", got)
	}
	// Nothing new: nothing more is ready until the clock moves.
	if out := a.drain(nil, t0+2, false); len(out) != 0 {
		t.Fatalf("second drain wrote %s", out)
	}
	// The wall clock moves on without samples (e.g. a slow phase): t0+1 and t0+2 get written.
	seconds := decodeLines(t, a.drain(nil, t0+4, false))
	if got := times(seconds); !reflect.DeepEqual(got, []int64{t0 + 1, t0 + 2}) {
		t.Fatalf("third drain wrote %v", got)
	}
	if seconds[0].Requests[0].Count != 2 || seconds[1].Requests[0].Count != 1 {
		t.Errorf("counts %+v", seconds)
	}
	if out := a.drain(nil, t0+10, true); len(out) != 0 {
		t.Fatalf("final drain wrote %s", out)
	}
}

func TestLateSampleFoldsIntoOldestOpenSecond(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	const t0 = 1_700_000_000
	tags := httpTags("A", "GET", "200")
	var out []byte

	a.add([]metrics.SampleContainer{metrics.Samples{f.req(sec(t0, 0), 1, tags), f.req(sec(t0+3, 0), 1, tags)}})
	out = a.drain(out, 0, false) // writes t0 (t0+3 is newest)
	a.add([]metrics.SampleContainer{metrics.Samples{
		f.req(sec(t0+4, 0), 1, tags),
		f.req(sec(t0, 500), 100, tags), // late for t0: goes to t0+3, the oldest open second
		f.req(sec(t0-5, 0), 200, tags), // even later: same
		f.sample(f.builtin.Iterations, sec(t0, 600), 1, nil),
	}})
	out = a.drain(out, 0, false)                                                      // newest t0+4: nothing ready
	a.add([]metrics.SampleContainer{metrics.Samples{f.req(sec(t0+2, 0), 300, tags)}}) // t0+2 never written: its own second
	out = a.drain(out, 0, true)

	seconds := decodeLines(t, out)
	if got := times(seconds); !reflect.DeepEqual(got, []int64{t0, t0 + 2, t0 + 3, t0 + 4}) {
		t.Fatalf("seconds %v", got)
	}
	counts := map[int64]int{}
	sums := map[int64]float64{}
	total := 0
	for _, s := range seconds {
		counts[s.T] = s.Requests[0].Count
		sums[s.T] = s.Requests[0].Latency.Sum
		total += s.Requests[0].Count
	}
	if total != 6 {
		t.Errorf("total %d, want 6: every sample counted exactly once", total)
	}
	if counts[t0+3] != 3 || sums[t0+3] != 301 || seconds[2].Iterations != 1 {
		t.Errorf("t0+3: count %d sum %v iterations %d", counts[t0+3], sums[t0+3], seconds[2].Iterations)
	}
	if counts[t0+2] != 1 || sums[t0+2] != 300 {
		t.Errorf("t0+2: count %d sum %v", counts[t0+2], sums[t0+2])
	}
}

func TestLateSampleWithNoOpenSecond(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	const t0 = 1_700_000_000
	tags := httpTags("A", "GET", "200")
	out := a.drain(nil, 0, false)
	a.add([]metrics.SampleContainer{metrics.Samples{f.req(sec(t0, 0), 1, tags)}})
	out = a.drain(out, t0+5, false)
	a.add([]metrics.SampleContainer{metrics.Samples{f.req(sec(t0, 10), 1, tags)}})
	out = a.drain(out, t0+5, true)
	if got := times(decodeLines(t, out)); !reflect.DeepEqual(got, []int64{t0, t0 + 1}) {
		t.Fatalf("seconds %v", got)
	}
}

func TestGaugeOnlySecondsAndLastValue(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	const t0 = 1_700_000_000
	a.add([]metrics.SampleContainer{metrics.Samples{
		// t0-1: requests but no gauge yet (k6's first vus sample comes 1 s into the run):
		// takes the first value seen, 7.
		f.req(sec(t0-1, 500), 1, httpTags("A", "GET", "200")),
		f.sample(f.builtin.VUs, sec(t0, 900), 7, nil),
		f.sample(f.builtin.VUs, sec(t0, 100), 3, nil), // older sample arriving later: not the last value
		f.sample(f.builtin.VUsMax, sec(t0, 100), 10, nil),
		// t0+1: no gauge sample (k6's 1 s tick fell on either side): carries 7 / 10 forward.
		f.sample(f.builtin.Iterations, sec(t0+1, 100), 4, nil),
		f.sample(f.builtin.VUs, sec(t0+2, 50), 5, nil),
		f.sample(f.builtin.VUsMax, sec(t0+2, 50), 10, nil),
	}})
	seconds := decodeLines(t, a.drain(nil, 0, true))
	type row struct{ T, VUs, VUsMax, Iterations int }
	var got []row
	for _, s := range seconds {
		if s.T >= t0 && (len(s.Requests) != 0 || len(s.Checks) != 0) {
			t.Errorf("unexpected entries in %+v", s)
		}
		got = append(got, row{int(s.T - t0), s.VUs, s.VUsMax, s.Iterations})
	}
	assertJSONEqual(t, []row{{-1, 7, 10, 0}, {0, 7, 10, 0}, {1, 7, 10, 4}, {2, 5, 10, 0}}, got)
}

func TestChecksGroupedByName(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	const t0 = 1_700_000_000
	ok := map[string]string{"check": "status is 200", "scenario": "default"}
	ok2 := map[string]string{"check": "status is 200", "scenario": "other", "group": "::g"}
	body := map[string]string{"check": "body has \"id\"\n"}
	a.add([]metrics.SampleContainer{metrics.Samples{
		f.sample(f.builtin.Checks, sec(t0, 1), 1, ok),
		f.sample(f.builtin.Checks, sec(t0, 2), 1, ok2),
		f.sample(f.builtin.Checks, sec(t0, 3), 0, ok),
		f.sample(f.builtin.Checks, sec(t0, 4), 0, body),
	}})
	seconds := decodeLines(t, a.drain(nil, 0, true))
	assertJSONEqual(t, []jsonCheck{{"body has \"id\"\n", 0, 1}, {"status is 200", 2, 1}}, seconds[0].Checks)
}

func TestCustomTrendWithSameNameIsIgnoredUnlessTrend(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	custom := f.registry.MustNewMetric("my_trend", metrics.Trend)
	const t0 = 1_700_000_000
	a.add([]metrics.SampleContainer{metrics.Samples{f.sample(custom, sec(t0, 1), 5, nil)}})
	if out := a.drain(nil, 0, true); len(out) != 0 {
		t.Errorf("custom metric produced %s", out)
	}
}

func TestStringEscaping(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"plain", `q"uo\te`, "ctl\x00\x1f\t\r\n", "ünïcödé ✓", "bad\xffutf8", "</script>"} {
		var back string
		if err := json.Unmarshal(appendString(nil, s), &back); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		want := strings.ToValidUTF8(s, "\uFFFD")
		if back != want {
			t.Errorf("round trip %q -> %q", s, back)
		}
	}
}

func TestNumbers(t *testing.T) {
	t.Parallel()
	point1, point2 := 0.1, 0.2
	// What JSON.stringify writes for the same numbers.
	cases := []struct {
		v    float64
		want string
	}{
		{0, "0"}, {1, "1"}, {9.6, "9.6"}, {point1 + point2, "0.30000000000000004"}, {1e21, "1e+21"},
		{1.5e300, "1.5e+300"}, {5e-7, "5e-7"}, {1.25e-10, "1.25e-10"}, {123456789, "123456789"}, {0.000001, "0.000001"},
	}
	for _, tc := range cases {
		if got := string(appendNumber(nil, tc.v)); got != tc.want {
			t.Errorf("appendNumber(%v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}

func BenchmarkAggregatorAdd(b *testing.B) {
	f := newFixture()
	a := newAggregator()
	t0 := time.Unix(1_700_000_000, 0)
	tagSets := []map[string]string{httpTags("A", "GET", "200"), httpTags("B", "POST", "201"), httpTags("C", "GET", "404", "expected_response", "false")}
	// One http trail's worth of samples per "request": 9 metrics, of which 1 is kept.
	var containers []metrics.SampleContainer
	for i := 0; i < 1000; i++ {
		tags := tagSets[i%len(tagSets)]
		at := t0.Add(time.Duration(i) * time.Millisecond)
		s := metrics.Samples{
			f.sample(f.builtin.HTTPReqs, at, 1, tags),
			f.req(at, float64(i%300)+0.5, tags),
			f.sample(f.builtin.HTTPReqBlocked, at, 0, tags),
			f.sample(f.builtin.HTTPReqConnecting, at, 0, tags),
			f.sample(f.builtin.HTTPReqTLSHandshaking, at, 0, tags),
			f.sample(f.builtin.HTTPReqSending, at, 0, tags),
			f.sample(f.builtin.HTTPReqWaiting, at, 1, tags),
			f.sample(f.builtin.HTTPReqReceiving, at, 0, tags),
			f.sample(f.builtin.HTTPReqFailed, at, 0, tags),
		}
		containers = append(containers, s)
	}
	b.ResetTimer()
	var out []byte
	for i := 0; i < b.N; i++ {
		a.add(containers)
		if i%100 == 0 {
			out = a.drain(out[:0], 0, true)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1000), "ns/request")
}
