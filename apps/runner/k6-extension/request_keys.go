package loadline

import (
	"math"
	"strconv"
	"strings"

	"go.k6.io/k6/metrics"
)

// requestKeyFunc reads the group of a request-like trend sample from its tags; false when
// the series is not a request after all (it is then ignored, decided once per series).
type requestKeyFunc func(tags *metrics.TagSet) (requestKey, bool)

// scriptRequestMetric is the custom trend that generated scripts add to for what k6 does not
// time as a request itself: WebSocket connections and message round trips (see
// packages/shared/src/k6-script-ws.ts). Tags: name, method, status, expected, error_code.
const scriptRequestMetric = "loadline_request"

// requestMetrics is the table of trend metrics that become "requests" entries, each with the
// function that groups its samples.
//
//nolint:gochecknoglobals // a lookup table
var requestMetrics = map[string]requestKeyFunc{
	"http_req_duration": httpRequestKey,
	"grpc_req_duration": grpcRequestKey,
	scriptRequestMetric: scriptRequestKey,
}

// simpleMetrics maps the builtin metrics that become per-second scalars to their role.
//
//nolint:gochecknoglobals // a lookup table
var simpleMetrics = map[string]metricRole{
	"vus":                roleVUs,
	"vus_max":            roleVUsMax,
	"iterations":         roleIterations,
	"dropped_iterations": roleDroppedIterations,
	"data_received":      roleDataReceived,
	"data_sent":          roleDataSent,
	"checks":             roleChecks,
	"ws_msgs_sent":       roleMessagesSent,
	"ws_msgs_received":   roleMessagesReceived,
}

// requestKey is one "requests" group. Comparable, so it can be a map key.
type requestKey struct {
	name      string
	method    string
	errorCode string
	scenario  string
	status    int32
	expected  bool
}

func tagGetter(tags *metrics.TagSet) func(string) string {
	return func(name string) string {
		v, _ := tags.Get(name)
		return v
	}
}

// statusOf reads a status tag; ok is false when it is absent or not a number.
func statusOf(v string) (int32, bool) {
	status, err := strconv.Atoi(v)
	if err != nil || status < 0 || status > math.MaxInt32 {
		return 0, false
	}
	return int32(status), true
}

// boolOr reads a "true"/"false" tag; any other value, usually an absent tag, gives fallback.
func boolOr(v string, fallback bool) bool {
	switch v {
	case "true":
		return true
	case "false":
		return false
	default:
		return fallback
	}
}

func scenarioOf(get func(string) string) string {
	if s := get("scenario"); s != "" {
		return s
	}
	return "default"
}

func httpRequestKey(tags *metrics.TagSet) (requestKey, bool) {
	get := tagGetter(tags)
	k := requestKey{
		name:      get("name"),
		method:    get("method"),
		errorCode: get("error_code"),
		scenario:  scenarioOf(get),
	}
	k.status, _ = statusOf(get("status"))
	// Without a responseCallback (or with the tag disabled) k6's default callback applies: 200-399.
	k.expected = boolOr(get("expected_response"), k.status >= 200 && k.status <= 399)
	return k, true
}

// grpcUnknown is gRPC's UNKNOWN status, for a sample without a readable status tag.
const grpcUnknown = 2

// grpcRequestKey groups unary gRPC calls: method "GRPC", status the gRPC status code (0 is
// OK, so no status means UNKNOWN, not "no response"), expected when the code is in the
// comma-separated expected_codes tag the generated script sets (OK alone without it).
// k6 also times the server-reflection stream it opens on connect, with no name tag: that
// is not a request of the plan and is left out.
func grpcRequestKey(tags *metrics.TagSet) (requestKey, bool) {
	get := tagGetter(tags)
	name := get("name")
	if name == "" {
		return requestKey{}, false
	}
	k := requestKey{name: name, method: "GRPC", errorCode: get("error_code"), scenario: scenarioOf(get)}
	status, ok := statusOf(get("status"))
	if !ok {
		status = grpcUnknown
	}
	k.status = status
	if codes, set := tags.Get("expected_codes"); set {
		k.expected = codeListed(codes, status)
	} else {
		k.expected = status == 0
	}
	return k, true
}

// codeListed tells whether a comma-separated list of integers ("0,5") holds code.
func codeListed(list string, code int32) bool {
	for len(list) > 0 {
		item := list
		if i := strings.IndexByte(list, ','); i >= 0 {
			item, list = list[:i], list[i+1:]
		} else {
			list = ""
		}
		if v, ok := statusOf(strings.TrimSpace(item)); ok && v == code {
			return true
		}
	}
	return false
}

// scriptRequestKey groups the script's own request samples (scriptRequestMetric): every
// field comes from its tags; without an expected tag, a sample without an error code is
// expected.
func scriptRequestKey(tags *metrics.TagSet) (requestKey, bool) {
	get := tagGetter(tags)
	k := requestKey{name: get("name"), method: get("method"), errorCode: get("error_code"), scenario: scenarioOf(get)}
	k.status, _ = statusOf(get("status"))
	k.expected = boolOr(get("expected"), k.errorCode == "")
	return k, true
}
