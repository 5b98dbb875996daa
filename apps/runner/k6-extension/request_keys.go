package loadline

import (
	"math"
	"strconv"
	"strings"

	"go.k6.io/k6/metrics"
)

// requestKeyFunc reads the group of a request-like sample from its tags; false when
// the series is not a request after all (it is then ignored, decided once per series).
type requestKeyFunc func(tags *metrics.TagSet) (requestKey, bool)

// Custom metrics of the generated scripts (packages/shared/src/k6-script-runtime.ts), for
// what k6 does not measure per request itself. Tags: name, method, status, expected,
// error_code (the response-size trend: k6's HTTP tags, see responseBytesMetric).
const (
	// scriptRequestMetric (a Trend, ms): WebSocket connections that opened and message round
	// trips that completed.
	scriptRequestMetric = "loadline_request"
	// scriptFailureMetric (a Counter): requests that failed before any answer (a WebSocket
	// connection that did not open, a reply that did not come, a message never sent, a gRPC
	// connection or call that could not be made), each sample adding how many. They count,
	// with their status and error code, but have no latency: a time to failure is not one.
	scriptFailureMetric = "loadline_request_failed"
	// responseBytesMetric (a Trend, bytes): the body size of each HTTP response, tagged like
	// the request's http_req_duration (name, method, status, expected_response, error_code),
	// so it joins the same group.
	responseBytesMetric = "loadline_response_bytes"
)

// requestMetric says which samples of one metric join "requests" groups and what they add.
type requestMetric struct {
	kind metrics.MetricType // a metric of the same name but another type is ignored
	key  requestKeyFunc
	// use gives the role of a series of the group key: roleRequest, roleUnanswered,
	// roleFailures or roleResponseBytes.
	use func(requestKey) metricRole
}

func always(role metricRole) func(requestKey) metricRole {
	return func(requestKey) metricRole { return role }
}

// requestMetrics is the table of metrics whose samples go into "requests" groups.
//
//nolint:gochecknoglobals // a lookup table
var requestMetrics = map[string]requestMetric{
	"http_req_duration": {metrics.Trend, httpRequestKey, always(roleRequest)},
	"grpc_req_duration": {metrics.Trend, grpcRequestKey, grpcUse},
	scriptRequestMetric: {metrics.Trend, scriptRequestKey, always(roleRequest)},
	scriptFailureMetric: {metrics.Counter, scriptRequestKey, always(roleFailures)},
	responseBytesMetric: {metrics.Trend, httpRequestKey, always(roleResponseBytes)},
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

// gRPC codes a client reports when no answer came: UNAVAILABLE (the connection failed or
// broke; grpc-go fails such a call at once, in microseconds) and DEADLINE_EXCEEDED (nothing
// within the call's timeout). The same set as NO_RESPONSE_KEYS in request-status.ts.
const (
	grpcDeadlineExceeded = 4
	grpcUnavailable      = 14
)

// grpcUse: a call that got no answer is counted, with its status, but its duration is not a
// latency (a call failed at once on a broken connection would read as a 0 ms call).
func grpcUse(k requestKey) metricRole {
	if k.status == grpcUnavailable || k.status == grpcDeadlineExceeded {
		return roleUnanswered
	}
	return roleRequest
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
