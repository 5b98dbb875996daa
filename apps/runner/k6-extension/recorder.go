package loadline

import (
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grafana/sobek"

	"go.k6.io/k6/js/modules"
	k6http "go.k6.io/k6/js/modules/k6/http"
)

// The k6/x/loadline module: what the generated scripts measure per request that k6 does not
// emit per request itself — each HTTP response's body size (k6's data_received is counted per
// VU iteration, off the connections), WebSocket connections and round trips, and requests that
// failed before any answer. These used to be custom metrics (a Trend and a Counter) added
// from the script: every add built a tag set, a sample, a trip through k6's sample channel
// and metrics engine, about 16 % of k6's CPU per plain GET. Here a call appends one record
// to the side channel below, which the output's aggregator reads on its own goroutine.
//
// Generated scripts import it only when they run on Loadline's runners (the runner's k6 is
// built with it); the script a user downloads to run on a stock k6 keeps the custom metrics
// (packages/shared/src/k6-script-runtime.ts).
func init() { //nolint:gochecknoinits // how k6 extensions register
	modules.Register("k6/x/loadline", &recorderModule{side: &side, now: time.Now})
}

// sideSample is one request figure measured on a VU goroutine, for the aggregator.
type sideSample struct {
	key   requestKey
	role  metricRole // roleRequest (value: latency ms), roleFailures (value: count) or roleResponseBytes (value: bytes)
	value float64
	at    int64 // UnixNano
}

// sideChannel hands side samples from the VUs to the output. Off until an output starts,
// so a script run without --out loadline does not pile records up in memory.
type sideChannel struct {
	on      atomic.Bool
	mu      sync.Mutex
	samples []sideSample
}

// side is the process's channel: one test run per k6 process, and the module (registered
// once) and the output (made by k6 for the run) meet here.
//
//nolint:gochecknoglobals // see above
var side sideChannel

func (c *sideChannel) add(sample sideSample) {
	if !c.on.Load() {
		return
	}
	c.mu.Lock()
	c.samples = append(c.samples, sample)
	c.mu.Unlock()
}

// take returns the samples added since the last take; spare (emptied) is reused for the next ones.
func (c *sideChannel) take(spare []sideSample) []sideSample {
	c.mu.Lock()
	taken := c.samples
	c.samples = spare[:0]
	c.mu.Unlock()
	return taken
}

type recorderModule struct {
	side *sideChannel
	now  func() time.Time
}

// recorderInstance is one VU's: the request keys its script registered, by number.
type recorderInstance struct {
	*recorderModule
	vu      modules.VU
	keys    []httpKey
	exports modules.Exports
}

// httpKey is a generated request as the script registered it: its name and method, and the
// statuses it expects (nil: k6's default, 200-399).
type httpKey struct {
	name, method string
	expect       []int32
}

func (m *recorderModule) NewModuleInstance(vu modules.VU) modules.Instance {
	i := &recorderInstance{recorderModule: m, vu: vu}
	// Native functions (sobek.FunctionCall), not reflected ones: they run on every request,
	// and sobek's reflection wrapper would cost more than the work. Made into JS functions
	// once: k6 calls Exports and converts the value each time the script reads a name of the
	// module (loadline.responseBytes); a new map and function object per request was ~0.9 %
	// of k6's CPU on a plain GET.
	rt := vu.Runtime()
	i.exports = modules.Exports{Named: map[string]any{
		"httpRequest":   rt.ToValue(i.httpRequest),
		"responseBytes": rt.ToValue(i.responseBytes),
		"completed":     rt.ToValue(i.completed),
		"failed":        rt.ToValue(i.failed),
	}}
	return i
}

// Exports answers the functions built with the instance.
func (i *recorderInstance) Exports() modules.Exports { return i.exports }

// httpRequest(name, method, expectedStatuses | null) registers a request of the script and
// answers its number, for responseBytes.
func (i *recorderInstance) httpRequest(call sobek.FunctionCall) sobek.Value {
	key := httpKey{name: call.Argument(0).String(), method: call.Argument(1).String()}
	if list, ok := call.Argument(2).Export().([]any); ok {
		key.expect = make([]int32, 0, len(list))
		for _, status := range list {
			if v, ok := status.(int64); ok {
				key.expect = append(key.expect, int32(v)) //nolint:gosec // an HTTP status
			}
		}
	}
	i.keys = append(i.keys, key)
	return i.vu.Runtime().ToValue(len(i.keys) - 1)
}

// responseBytes(request, response) records the size of an http.request's response body in
// the request's group: the group k6's http_req_duration sample of it joins (name, method,
// status, expected_response, error_code, scenario). A request without a response has none.
func (i *recorderInstance) responseBytes(call sobek.FunctionCall) sobek.Value {
	n := call.Argument(0).ToInteger()
	res, ok := call.Argument(1).Export().(*k6http.Response)
	if !ok || res == nil || res.Response == nil || n < 0 || n >= int64(len(i.keys)) || res.Status == 0 {
		return sobek.Undefined()
	}
	key := i.keys[n]
	status := int32(res.Status) //nolint:gosec // an HTTP status
	group := requestKey{name: key.name, method: key.method, scenario: i.scenario(), status: status}
	if key.expect == nil {
		group.expected = status >= 200 && status <= 399
	} else {
		for _, s := range key.expect {
			group.expected = group.expected || s == status
		}
	}
	if res.ErrorCode != 0 {
		group.errorCode = strconv.Itoa(res.ErrorCode)
	}
	var size int
	switch body := res.Body.(type) {
	case sobek.ArrayBuffer: // responseType "binary": k6 hands the bytes to JS as an ArrayBuffer
		size = len(body.Bytes())
	case []byte:
		size = len(body)
	case string:
		size = len(body) // UTF-8 bytes, as they came
	}
	i.side.add(sideSample{key: group, role: roleResponseBytes, value: float64(size), at: i.now().UnixNano()})
	return sobek.Undefined()
}

// completed(name, method, status, ms): a request k6 does not time itself (a WebSocket
// connection that opened, a round trip that completed) and its latency.
func (i *recorderInstance) completed(call sobek.FunctionCall) sobek.Value {
	ms := call.Argument(3).ToFloat()
	if !(ms > 0) {
		ms = 0
	}
	i.side.add(sideSample{key: i.scriptKey(call, true, ""), role: roleRequest, value: ms, at: i.now().UnixNano()})
	return sobek.Undefined()
}

// failed(name, method, status, errorCode, count = 1): requests that failed before any answer;
// counted with their status and error code, without a latency.
func (i *recorderInstance) failed(call sobek.FunctionCall) sobek.Value {
	count := float64(1)
	if v := call.Argument(4); !sobek.IsUndefined(v) {
		count = v.ToFloat()
	}
	errorCode := ""
	if v := call.Argument(3); v.ToBoolean() { // as the script's own test: no code, "" or 0 is none
		errorCode = v.String()
	}
	i.side.add(sideSample{key: i.scriptKey(call, false, errorCode), role: roleFailures, value: count, at: i.now().UnixNano()})
	return sobek.Undefined()
}

func (i *recorderInstance) scriptKey(call sobek.FunctionCall, expected bool, errorCode string) requestKey {
	status, _ := statusOf(call.Argument(2).String())
	return requestKey{
		name: call.Argument(0).String(), method: call.Argument(1).String(), status: status,
		expected: expected, errorCode: errorCode, scenario: i.scenario(),
	}
}

// scenario is the VU's current scenario tag, as k6 tags its samples with it.
func (i *recorderInstance) scenario() string {
	state := i.vu.State()
	if state == nil || state.Tags == nil {
		return "default"
	}
	name, _ := state.Tags.GetCurrentValues().Tags.Get("scenario")
	if name == "" {
		return "default"
	}
	return name
}
