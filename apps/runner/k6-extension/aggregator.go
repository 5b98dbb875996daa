package loadline

import (
	"math"
	"time"

	"go.k6.io/k6/lib/netext/httpext"
	"go.k6.io/k6/metrics"
)

// watermarkLag: a second is written once it is at least this many seconds older than the
// newest sample time seen or the wall clock, whichever is later. k6 hands samples to outputs
// within tens of milliseconds; two seconds leaves room for a slow flush.
const watermarkLag = 2

// metricRole says what the aggregator does with the samples of one metric.
type metricRole uint8

const (
	roleIgnore metricRole = iota
	// A metric of requestMetrics: each series of it gets one of the four roles below.
	roleRequestSeries
	roleRequest       // a request and its latency
	roleUnanswered    // a request that got no answer: counted, its duration is not a latency
	roleFailures      // a count of requests that failed before any answer (no latency)
	roleResponseBytes // the size of a request's response
	roleVUs
	roleVUsMax
	roleIterations
	roleDroppedIterations
	roleDataReceived
	roleDataSent
	roleChecks
	roleMessagesSent     // WebSocket messages (k6/ws counts them itself)
	roleMessagesReceived // ...and the ones received
	roleCustom           // a custom script's own metric (custom_metrics.go)
)

type requestAgg struct {
	key requestKey
	// Requests in the group: those with a latency, and those without one (see roleUnanswered
	// and roleFailures), so count can exceed latency.count.
	count   uint64
	latency histogram
	// Response body sizes (bytes) of the group's HTTP responses; empty for other protocols.
	responseBytes histogram
	// The earliest start and latest end of this group's requests in this second (Unix ms):
	// the time each scope (a request name, a scenario) applied load, for its own rate.
	span span
}

// span is the time from the earliest request start to the latest request end seen.
type span struct {
	startMs, endMs float64
	set            bool
}

func (p *span) add(start, end float64) {
	if !p.set || start < p.startMs {
		p.startMs = start
	}
	if !p.set || end > p.endMs {
		p.endMs = end
	}
	p.set = true
}

// scenarioIterAgg counts one scenario's iterations in a second, so that dropped iterations
// (an arrival rate k6 could not deliver) are judged per scenario, not only for the run.
type scenarioIterAgg struct {
	name       string
	iterations float64
	dropped    float64
}

type checkAgg struct {
	name   string
	passes uint64
	fails  uint64
}

// second holds everything measured in one wall-clock second.
type second struct {
	t        int64
	requests map[uint32]*requestAgg // by group id
	checks   map[uint32]*checkAgg   // by check id
	// by scenario id; only samples that carry a scenario tag (k6 tags every iteration with it)
	scenarios map[uint32]*scenarioIterAgg
	custom    map[uint32]*customAgg // by custom metric id

	vus, vusMax       gauge
	iterations        float64
	droppedIterations float64
	bytesReceived     float64
	bytesSent         float64
	messagesSent      float64
	messagesReceived  float64

	// The earliest request start and latest request end seen in this second (Unix ms), so
	// the run's request rate can be divided by the time load was really applied instead of
	// by whole wall-clock seconds (a 10 s test touches 11 of them).
	span span
}

// gauge is a value that holds until it changes (vus, vus_max). Within a second the newest
// sample wins, whatever order samples arrive in.
type gauge struct {
	value float64
	at    int64 // UnixNano of the sample the value came from
	set   bool
}

func (g *gauge) observe(value float64, at int64) {
	if !g.set || at >= g.at {
		*g = gauge{value: value, at: at, set: true}
	}
}

// interner numbers keys in the order they are first seen, so that a series is looked up by
// its tags once and every later sample of it finds its group or check by a small integer.
type interner[K comparable] struct {
	ids  map[K]uint32
	keys []K // by id
}

func newInterner[K comparable]() interner[K] {
	return interner[K]{ids: make(map[K]uint32)}
}

func (in *interner[K]) id(key K) uint32 {
	id, ok := in.ids[key]
	if !ok {
		id = uint32(len(in.keys)) //nolint:gosec // ids count groups and checks: far below 2^32
		in.ids[key] = id
		in.keys = append(in.keys, key)
	}
	return id
}

// entry returns (*m)[id], making the map and the entry on first use: a second only holds
// the groups and checks that had samples in it, and most seconds have no checks at all.
func entry[V any](m *map[uint32]*V, id uint32, newV func() *V) *V {
	if *m == nil {
		*m = make(map[uint32]*V)
	}
	v := (*m)[id]
	if v == nil {
		v = newV()
		(*m)[id] = v
	}
	return v
}

// seriesInfo is what the aggregator remembers about one k6 time series (metric + tag set),
// so that the tags of a series are read once, not once per sample.
type seriesInfo struct {
	role metricRole
	id   uint32 // request group id (roleRequest), check id (roleChecks) or scenario id + 1 (iterations; 0: untagged)
}

// aggregator turns k6 samples into per-second records. Not safe for concurrent use: the
// output calls it from its single flush goroutine.
type aggregator struct {
	metricRoles    map[*metrics.Metric]metricRole
	requestMetrics map[*metrics.Metric]requestMetric
	series         map[metrics.TimeSeries]seriesInfo

	groups    interner[requestKey]
	checks    interner[string] // check names
	scenarios interner[string] // scenario names of iteration samples
	customs   interner[string] // names of the script's own metrics
	customIDs map[*metrics.Metric]uint32

	durationMetric *metrics.Metric // k6's http_req_duration, once seen (httpReqDuration)

	open    map[int64]*second
	last    *second // the second the previous sample went to: most samples share it
	newest  int64   // newest sample second seen
	written int64   // last second written (0: none yet)

	// Gauges keep their value until they change: a second without a vus sample (k6 samples
	// vus once a second, so a tick can fall either side of a boundary) reports the last one.
	lastVUs, lastVUsMax gauge
}

func newAggregator() *aggregator {
	return &aggregator{
		metricRoles:    make(map[*metrics.Metric]metricRole),
		requestMetrics: make(map[*metrics.Metric]requestMetric),
		series:         make(map[metrics.TimeSeries]seriesInfo),
		groups:         newInterner[requestKey](),
		checks:         newInterner[string](),
		scenarios:      newInterner[string](),
		customs:        newInterner[string](),
		customIDs:      make(map[*metrics.Metric]uint32),
		open:           make(map[int64]*second),
	}
}

// httpReqDuration answers m when it is k6's http_req_duration metric (nil otherwise), and
// remembers it: the trail fast path above compares pointers after the first request.
func (a *aggregator) httpReqDuration(m *metrics.Metric) *metrics.Metric {
	if a.durationMetric == nil && m != nil && m.Name == "http_req_duration" && m.Type == metrics.Trend {
		a.durationMetric = m
	}
	if m == a.durationMetric {
		return m
	}
	return nil
}

func (a *aggregator) roleOf(m *metrics.Metric) metricRole {
	if role, ok := a.metricRoles[m]; ok {
		return role
	}
	role := roleIgnore
	if rm, ok := requestMetrics[m.Name]; ok && m.Type == rm.kind {
		role = roleRequestSeries
		a.requestMetrics[m] = rm
	} else if r, ok := simpleMetrics[m.Name]; ok {
		role = r
	} else if isScriptMetric(m.Name) {
		role = roleCustom
		a.customIDs[m] = a.customs.id(m.Name)
	}
	a.metricRoles[m] = role
	return role
}

func (a *aggregator) seriesOf(ts metrics.TimeSeries, role metricRole) seriesInfo {
	if info, ok := a.series[ts]; ok {
		return info
	}
	info := seriesInfo{role: role}
	switch role {
	case roleRequestSeries:
		rm := a.requestMetrics[ts.Metric]
		key, isRequest := rm.key(ts.Tags)
		if !isRequest {
			info.role = roleIgnore
			break
		}
		info.role = rm.use(key)
		info.id = a.groups.id(key)
	case roleChecks:
		name, _ := ts.Tags.Get("check")
		info.id = a.checks.id(name)
	case roleIterations, roleDroppedIterations:
		if name, ok := ts.Tags.Get("scenario"); ok && name != "" {
			info.id = a.scenarios.id(name) + 1
		}
	default:
	}
	a.series[ts] = info
	return info
}

// secondFor returns the open second a sample of wall-clock second t goes to.
func (a *aggregator) secondFor(t int64) *second {
	if a.last != nil && a.last.t == t {
		return a.last
	}
	if t <= a.written {
		// Late: that second is already written. Fold into the oldest open second.
		t = a.oldestOpen()
	}
	if t > a.newest {
		a.newest = t
	}
	s := a.open[t]
	if s == nil {
		s = &second{t: t}
		a.open[t] = s
	}
	a.last = s
	return s
}

func (a *aggregator) oldestOpen() int64 {
	oldest := int64(math.MaxInt64)
	for t := range a.open {
		if t < oldest {
			oldest = t
		}
	}
	if oldest == math.MaxInt64 {
		return a.written + 1
	}
	return oldest
}

// add folds samples into their seconds. This is the hot path.
func (a *aggregator) add(containers []metrics.SampleContainer) {
	for _, c := range containers {
		// An HTTP request's trail holds 8-9 samples, of which only http_req_duration (second,
		// as k6 builds them: httpext.Trail.SaveSamples) goes into a second; the others
		// (http_reqs, the phases, http_req_failed) are ignored. Reading the one directly skips
		// eight lookups per request: k6's CPU per plain GET is what the load generator has.
		if trail, ok := c.(*httpext.Trail); ok && len(trail.Samples) > 1 && trail.Samples[1].Metric == a.httpReqDuration(trail.Samples[1].Metric) {
			a.addSample(&trail.Samples[1])
			continue
		}
		samples := c.GetSamples()
		for i := range samples {
			a.addSample(&samples[i])
		}
	}
}

func (a *aggregator) addSample(sample *metrics.Sample) {
	role := a.roleOf(sample.Metric)
	if role == roleIgnore {
		return
	}
	var info seriesInfo
	if role == roleRequestSeries {
		if info = a.seriesOf(sample.TimeSeries, role); info.role == roleIgnore {
			return
		}
		role = info.role
	}
	s := a.secondFor(sample.Time.Unix())
	switch role {
	case roleRequest, roleUnanswered, roleFailures, roleResponseBytes:
		a.addRequest(s, info.id, role, sample.Value, sample.Time.UnixNano())
	case roleChecks:
		info = a.seriesOf(sample.TimeSeries, role)
		c := entry(&s.checks, info.id, func() *checkAgg { return &checkAgg{name: a.checks.keys[info.id]} })
		if sample.Value != 0 {
			c.passes++
		} else {
			c.fails++
		}
	case roleVUs:
		s.vus.observe(sample.Value, sample.Time.UnixNano())
	case roleVUsMax:
		s.vusMax.observe(sample.Value, sample.Time.UnixNano())
	case roleIterations:
		s.iterations += sample.Value
		if sc := a.scenarioIters(s, sample, role); sc != nil {
			sc.iterations += sample.Value
		}
	case roleDroppedIterations:
		s.droppedIterations += sample.Value
		if sc := a.scenarioIters(s, sample, role); sc != nil {
			sc.dropped += sample.Value
		}
	case roleDataReceived:
		s.bytesReceived += sample.Value
	case roleDataSent:
		s.bytesSent += sample.Value
	case roleMessagesSent:
		s.messagesSent += sample.Value
	case roleMessagesReceived:
		s.messagesReceived += sample.Value
	case roleCustom:
		m := sample.Metric
		c := entry(&s.custom, a.customIDs[m], func() *customAgg { return &customAgg{name: m.Name, typ: m.Type, contains: m.Contains} })
		c.add(sample.Value, sample.Time.UnixNano())
	case roleIgnore, roleRequestSeries:
	}
}

// addSide folds what k6/x/loadline measured on the VUs (recorder.go) into their seconds, as
// the samples of the metrics it replaces would have been.
func (a *aggregator) addSide(samples []sideSample) {
	for i := range samples {
		sample := &samples[i]
		a.addRequest(a.secondFor(sample.at/int64(time.Second)), a.groups.id(sample.key), sample.role, sample.value, sample.at)
	}
}

// addRequest adds one request-like figure to group id in second s; at is when it was taken
// (UnixNano: a request's end).
func (a *aggregator) addRequest(s *second, id uint32, role metricRole, value float64, at int64) {
	switch role {
	case roleRequest, roleUnanswered:
		r := a.group(s, id)
		r.count++
		if role == roleRequest {
			r.latency.add(value)
		}
		// An unanswered request still applied load from its start to its end.
		end := float64(at) / 1e6
		start := end - value
		r.span.add(start, end)
		s.span.add(start, end)
	case roleFailures:
		n := value
		if !(n >= 1) || math.IsInf(n, 1) || n != math.Trunc(n) { // a count of requests
			return
		}
		r := a.group(s, id)
		r.count += uint64(n)
		// The script records a failure when it happens: its moment is all that is known.
		end := float64(at) / 1e6
		r.span.add(end, end)
		s.span.add(end, end)
	case roleResponseBytes:
		a.group(s, id).responseBytes.add(value)
	default:
	}
}

// scenarioIters is the second's tally for the scenario an iteration sample is tagged with,
// nil when it has no scenario tag.
func (a *aggregator) scenarioIters(s *second, sample *metrics.Sample, role metricRole) *scenarioIterAgg {
	info := a.seriesOf(sample.TimeSeries, role)
	if info.id == 0 {
		return nil
	}
	id := info.id - 1
	return entry(&s.scenarios, id, func() *scenarioIterAgg { return &scenarioIterAgg{name: a.scenarios.keys[id]} })
}

// group is the group id's entry in second s.
func (a *aggregator) group(s *second, id uint32) *requestAgg {
	return entry(&s.requests, id, func() *requestAgg { return &requestAgg{key: a.groups.keys[id]} })
}
