package loadline

import (
	"strconv"
	"testing"
	"time"

	k6http "go.k6.io/k6/js/modules/k6/http"
	"go.k6.io/k6/js/modulestest"
	"go.k6.io/k6/lib"
	"go.k6.io/k6/lib/netext/httpext"
)

// recorderVU is one VU's k6/x/loadline as a script sees it (global `loadline`), in scenario
// "checkout", with its clock at `at`, recording into its own side channel.
func recorderVU(t *testing.T, f *fixture, at time.Time) (*modulestest.Runtime, *sideChannel) {
	t.Helper()
	ch := &sideChannel{}
	ch.on.Store(true)
	rt := modulestest.NewRuntime(t)
	state := &lib.State{Tags: lib.NewVUStateTags(f.registry.RootTagSet().With("scenario", "checkout"))}
	rt.MoveToVUContext(state)
	instance := (&recorderModule{side: ch, now: func() time.Time { return at }}).NewModuleInstance(rt.VU)
	exports := rt.VU.Runtime().NewObject()
	for name, fn := range instance.Exports().Named {
		if err := exports.Set(name, fn); err != nil {
			t.Fatal(err)
		}
	}
	if err := rt.VU.Runtime().Set("loadline", exports); err != nil {
		t.Fatal(err)
	}
	return rt, ch
}

// response is what k6's http.request answers, as the script hands it on.
func response(status, errorCode int, body any) *k6http.Response {
	return &k6http.Response{Response: &httpext.Response{Status: status, ErrorCode: errorCode, Body: body}}
}

func run(t *testing.T, rt *modulestest.Runtime, code string) {
	t.Helper()
	if _, err := rt.RunOnEventLoop(code); err != nil {
		t.Fatal(err)
	}
}

// A response's body size joins the row of the request's own http_req_duration sample: same
// name, method, status, expected, error code and scenario, so the row has both.
func TestRecorderPutsResponseSizesInTheRequestsRow(t *testing.T) {
	t.Parallel()
	f := newFixture()
	at := sec(t0, 400)
	rt, ch := recorderVU(t, f, at)
	js := rt.VU.Runtime()
	for name, res := range map[string]*k6http.Response{
		"ok":      response(200, 0, js.NewArrayBuffer([]byte("0123456789"))), // as k6 hands a binary body to JS
		"text":    response(200, 0, "grüße"),                                 // as a check reads it: 7 bytes of UTF-8
		"missing": response(404, 1404, []byte("not found")),
		"limited": response(429, 1429, []byte{}),
		"down":    response(0, 1212, nil),
	} {
		if err := js.Set(name, res); err != nil {
			t.Fatal(err)
		}
	}
	run(t, rt, `
		const plain = loadline.httpRequest('A', 'GET', null);
		const expects429 = loadline.httpRequest('L', 'POST', [200, 429]);
		loadline.responseBytes(plain, ok);
		loadline.responseBytes(plain, text);
		loadline.responseBytes(plain, missing);
		loadline.responseBytes(expects429, limited);
		loadline.responseBytes(plain, down); // no response: no size
		loadline.responseBytes(7, ok);       // not a registered request: ignored
	`)

	a := newAggregator()
	scenario := func(tags map[string]string) map[string]string { return withTags(tags, "scenario", "checkout") }
	feed(a,
		f.req(at, 5, scenario(httpTags("A", "GET", "200"))),
		f.req(at, 6, scenario(httpTags("A", "GET", "200"))),
		f.req(at, 7, scenario(httpTags("A", "GET", "404", "expected_response", "false", "error_code", "1404"))),
		f.req(at, 8, scenario(httpTags("L", "POST", "429", "expected_response", "true", "error_code", "1429"))),
	)
	a.addSide(ch.take(nil))
	rows := finalSeconds(t, a)[0].Requests
	if len(rows) != 3 {
		t.Fatalf("want the 3 rows of the requests, got %d: %+v", len(rows), rows)
	}
	want := map[string]struct {
		count, sizes int
		sum          float64
	}{
		"A 200": {2, 2, 17}, "A 404": {1, 1, 9}, "L 429": {1, 1, 0},
	}
	for _, r := range rows {
		w, ok := want[r.Name+" "+strconv.Itoa(r.Status)]
		if !ok || r.Scenario != "checkout" || r.Count != w.count || r.ResponseBytes == nil || r.ResponseBytes.Count != w.sizes || r.ResponseBytes.Sum != w.sum {
			t.Errorf("row %+v (sizes %+v), want %+v", r, r.ResponseBytes, w)
		}
	}
}

// WebSocket requests: those that completed with their latency, those that failed before any
// answer counted with their reason and no latency; an error code of 0 or "" is none.
func TestRecorderCountsRequestsK6DoesNotTime(t *testing.T) {
	t.Parallel()
	f := newFixture()
	at := sec(t0, 900)
	rt, ch := recorderVU(t, f, at)
	run(t, rt, `
		loadline.completed('Chat', 'WS', 101, 12.5);
		loadline.completed('Chat', 'WS', 101, -1); // a clock that went back: 0, not negative
		loadline.failed('Chat', 'WS', 0, '1212');
		loadline.failed('Chat', 'WS', 0, '1212', 3);
		loadline.failed('Call', 'GRPC', 14, 0);
	`)
	a := newAggregator()
	a.addSide(ch.take(nil))
	got := map[string]jsonRequest{}
	for _, r := range finalSeconds(t, a)[0].Requests {
		got[r.Name+" "+r.ErrorCode] = r
	}
	completed, refused, unavailable := got["Chat "], got["Chat 1212"], got["Call "]
	if completed.Count != 2 || completed.Latency.Count != 2 || completed.Latency.Max != 12.5 || !completed.Expected || completed.Status != 101 {
		t.Errorf("completed: %+v", completed)
	}
	if refused.Count != 4 || refused.Latency.Count != 0 || refused.Expected || refused.Scenario != "checkout" {
		t.Errorf("refused: %+v", refused)
	}
	if unavailable.Count != 1 || unavailable.Status != 14 || unavailable.Method != "GRPC" {
		t.Errorf("unavailable: %+v", unavailable)
	}
}

// Without a Loadline output running (a script importing the module, run with another
// output), nothing piles up.
func TestRecorderKeepsNothingWithoutAnOutput(t *testing.T) {
	t.Parallel()
	f := newFixture()
	rt, ch := recorderVU(t, f, sec(t0, 0))
	ch.on.Store(false)
	run(t, rt, `for (let i = 0; i < 1000; i++) loadline.completed('Chat', 'WS', 101, 1);`)
	if taken := ch.take(nil); len(taken) != 0 {
		t.Errorf("%d samples kept with no output", len(taken))
	}
}
