package loadline

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"go.k6.io/k6/lib/netext/httpext"
	"go.k6.io/k6/metrics"
)

func TestJSONShapeOfOneSecond(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	feed(a,
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
	)
	out := a.drain(nil, 0, true)

	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	want := map[string]any{
		"v": 1.0, "t": float64(t0),
		"requests": []any{map[string]any{
			"name": "GetListing", "method": "GET", "status": 200.0, "expected": true, "errorCode": "", "scenario": "default",
			"count": 2.0, "spanStartMs": 1700000000099.5, "spanEndMs": 1700000000200.0,
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
		`"errorCode":"","scenario":"default","count":2,"spanStartMs":1700000000099.5,"spanEndMs":1700000000200,"latency":{"relativeAccuracy":0.005,"count":2,"sum":9.6,"min":0.5,` +
		`"max":9.1,"zeroCount":0,"bins":{"-69":1,"221":1}}}],"vus":20,"vusMax":20,"iterations":1,"droppedIterations":2,` +
		`"bytesReceived":12345,"bytesSent":2345,"spanStartMs":1700000000099.5,"spanEndMs":1700000000200,"checks":[{"name":"status is 200","passes":1,"fails":0}]}` + "\n"
	if string(out) != wantKeys {
		t.Errorf("line\n%s\nwant\n%s", out, wantKeys)
	}
}

// Each group keeps its own span, so a scope (a request name, a phase) gets its own rate even
// where two phases share a second.
func TestSpanPerGroup(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	feed(a,
		f.req(sec(t0, 100), 10, httpTags("Warm", "GET", "200", "scenario", "warmup")),
		f.req(sec(t0, 400), 20, httpTags("Warm", "GET", "200", "scenario", "warmup")),
		f.req(sec(t0, 700), 5, httpTags("Peak", "GET", "200", "scenario", "peak")),
		f.req(sec(t0, 950), 50, httpTags("Peak", "GET", "200", "scenario", "peak")),
	)
	lines := finalSeconds(t, a)
	if len(lines) != 1 || len(lines[0].Requests) != 2 {
		t.Fatalf("want one second with two groups, got %+v", lines)
	}
	spans := map[string][2]float64{}
	for _, r := range lines[0].Requests {
		spans[r.Scenario] = [2]float64{*r.SpanStartMs, *r.SpanEndMs}
	}
	ms := float64(t0) * 1000
	if got, want := spans["warmup"], [2]float64{ms + 90, ms + 400}; got != want {
		t.Errorf("warmup span %v, want %v", got, want)
	}
	if got, want := spans["peak"], [2]float64{ms + 695, ms + 950}; got != want {
		t.Errorf("peak span %v, want %v", got, want)
	}
	if *lines[0].SpanStartMs != ms+90 || *lines[0].SpanEndMs != ms+950 {
		t.Errorf("second span %v-%v, want the union", *lines[0].SpanStartMs, *lines[0].SpanEndMs)
	}
}

func TestSecondsByWallClockAndWatermark(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	tags := httpTags("A", "GET", "200")
	feed(a,
		f.req(sec(t0, 999), 1, tags),
		f.req(sec(t0+1, 0), 1, tags),
		f.req(sec(t0+1, 1), 1, tags),
		f.req(sec(t0+2, 0), 1, tags),
	)
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
	tags := httpTags("A", "GET", "200")
	var out []byte

	feed(a, f.req(sec(t0, 0), 1, tags), f.req(sec(t0+3, 0), 1, tags))
	out = a.drain(out, 0, false) // writes t0 (t0+3 is newest)
	feed(a,
		f.req(sec(t0+4, 0), 1, tags),
		f.req(sec(t0, 500), 100, tags), // late for t0: goes to t0+3, the oldest open second
		f.req(sec(t0-5, 0), 200, tags), // even later: same
		f.sample(f.builtin.Iterations, sec(t0, 600), 1, nil),
	)
	out = a.drain(out, 0, false)            // newest t0+4: nothing ready
	feed(a, f.req(sec(t0+2, 0), 300, tags)) // t0+2 never written: its own second
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
	tags := httpTags("A", "GET", "200")
	out := a.drain(nil, 0, false)
	feed(a, f.req(sec(t0, 0), 1, tags))
	out = a.drain(out, t0+5, false)
	feed(a, f.req(sec(t0, 10), 1, tags))
	out = a.drain(out, t0+5, true)
	if got := times(decodeLines(t, out)); !reflect.DeepEqual(got, []int64{t0, t0 + 1}) {
		t.Fatalf("seconds %v", got)
	}
}

func TestGaugeOnlySecondsAndLastValue(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	feed(a,
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
	)
	seconds := finalSeconds(t, a)
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
	ok := map[string]string{"check": "status is 200", "scenario": "default"}
	ok2 := map[string]string{"check": "status is 200", "scenario": "other", "group": "::g"}
	body := map[string]string{"check": "body has \"id\"\n"}
	feed(a,
		f.sample(f.builtin.Checks, sec(t0, 1), 1, ok),
		f.sample(f.builtin.Checks, sec(t0, 2), 1, ok2),
		f.sample(f.builtin.Checks, sec(t0, 3), 0, ok),
		f.sample(f.builtin.Checks, sec(t0, 4), 0, body),
	)
	seconds := finalSeconds(t, a)
	assertJSONEqual(t, []jsonCheck{{"body has \"id\"\n", 0, 1}, {"status is 200", 2, 1}}, seconds[0].Checks)
}

func BenchmarkAggregatorAdd(b *testing.B) {
	f := newFixture()
	a := newAggregator()
	start := time.Unix(t0, 0)
	tagSets := []map[string]string{httpTags("A", "GET", "200"), httpTags("B", "POST", "201"), httpTags("C", "GET", "404", "expected_response", "false")}
	// One http trail per "request", as k6 hands them over: 9 samples, of which 1 is kept.
	var containers []metrics.SampleContainer
	for i := 0; i < 1000; i++ {
		tags := tagSets[i%len(tagSets)]
		at := start.Add(time.Duration(i) * time.Millisecond)
		containers = append(containers, f.trail(at, time.Duration(i%300)*time.Millisecond+500*time.Microsecond, tags))
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

// Iterations and dropped iterations are also kept per scenario, so a phase that could not be
// delivered is told apart from one that was.
func TestIterationsPerScenario(t *testing.T) {
	t.Parallel()
	f := newFixture()
	a := newAggregator()
	browse := map[string]string{"scenario": "browse"}
	export := map[string]string{"scenario": "export"}
	feed(a,
		f.sample(f.builtin.Iterations, sec(t0, 100), 1, browse),
		f.sample(f.builtin.Iterations, sec(t0, 200), 1, browse),
		f.sample(f.builtin.Iterations, sec(t0, 300), 1, export),
		f.sample(f.builtin.DroppedIterations, sec(t0, 400), 1, export),
		f.sample(f.builtin.DroppedIterations, sec(t0, 500), 1, export),
	)
	out := a.drain(nil, 0, true)
	var got struct {
		Iterations         float64 `json:"iterations"`
		DroppedIterations  float64 `json:"droppedIterations"`
		ScenarioIterations []struct {
			Name              string  `json:"name"`
			Iterations        float64 `json:"iterations"`
			DroppedIterations float64 `json:"droppedIterations"`
		} `json:"scenarioIterations"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	if got.Iterations != 3 || got.DroppedIterations != 2 || len(got.ScenarioIterations) != 2 {
		t.Fatalf("got %s", out)
	}
	if s := got.ScenarioIterations[0]; s.Name != "browse" || s.Iterations != 2 || s.DroppedIterations != 0 {
		t.Errorf("browse: %+v", s)
	}
	if s := got.ScenarioIterations[1]; s.Name != "export" || s.Iterations != 1 || s.DroppedIterations != 2 {
		t.Errorf("export: %+v", s)
	}
}

// trail is an HTTP request as k6's http module hands it to outputs: a Trail whose samples
// k6's own SaveSamples built (http_reqs, http_req_duration, the phases; failed appended).
func (f *fixture) trail(at time.Time, duration time.Duration, tags map[string]string) *httpext.Trail {
	tr := &httpext.Trail{EndTime: at, Duration: duration, Waiting: duration / 2}
	tr.SaveSamples(f.builtin, &metrics.TagsAndMeta{Tags: f.registry.RootTagSet().WithTagsFromMap(tags)})
	tr.Samples = append(tr.Samples, f.sample(f.builtin.HTTPReqFailed, at, 0, tags))
	return tr
}

// The aggregator reads only the duration of an HTTP trail (a shortcut on the hot path): the
// seconds it writes are those of the same samples handed over one by one.
func TestTrailsAggregateAsTheirSamples(t *testing.T) {
	f := newFixture()
	viaTrails, viaSamples := newAggregator(), newAggregator()
	for i := 0; i < 300; i++ {
		tags := httpTags([]string{"A", "B"}[i%2], "GET", []string{"200", "500"}[i%3/2])
		tr := f.trail(sec(t0+int64(i/100), i%1000), time.Duration(1+i%40)*time.Millisecond, tags)
		viaTrails.add([]metrics.SampleContainer{tr})
		feed(viaSamples, tr.GetSamples()...)
	}
	got, want := finalSeconds(t, viaTrails), finalSeconds(t, viaSamples)
	if len(got) != 3 {
		t.Fatalf("want 3 seconds, got %d", len(got))
	}
	assertJSONEqual(t, want, got)
	requests := 0
	for _, row := range groupRows(t, got[:1]) {
		requests += row.Count
	}
	if requests != 100 {
		t.Fatalf("first second: %d requests, want 100", requests)
	}
}
