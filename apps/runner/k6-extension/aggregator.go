package loadline

import (
	"math"
	"sort"

	"go.k6.io/k6/metrics"
)

// watermarkLag: a second is written once it is at least this many seconds older than the
// newest sample time seen or the wall clock, whichever is later. k6 hands samples to outputs
// within tens of milliseconds; two seconds leaves room for a slow flush.
const watermarkLag = 2

// metricRole says what the aggregator does with the samples of one metric.
type metricRole uint8

const (
	roleIgnore  metricRole = iota
	roleRequest            // a trend grouped into "requests" (see requestMetrics)
	roleVUs
	roleVUsMax
	roleIterations
	roleDroppedIterations
	roleDataReceived
	roleDataSent
	roleChecks
	roleMessagesSent     // WebSocket messages (k6/ws counts them itself)
	roleMessagesReceived // ...and the ones received
)

type requestAgg struct {
	key     *requestKey
	latency histogram
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

	vus, vusMax       float64
	vusAt, vusMaxAt   int64 // UnixNano of the sample the value came from
	hasVUs, hasVUsMax bool
	iterations        float64
	droppedIterations float64
	bytesReceived     float64
	bytesSent         float64
	messagesSent      float64
	messagesReceived  float64

	// The earliest request start and latest request end seen in this second (Unix ms), so
	// the run's request rate can be divided by the time load was really applied instead of
	// by whole wall-clock seconds (a 10 s test touches 11 of them).
	spanStartMs, spanEndMs float64
	hasSpan                bool
}

// seriesInfo is what the aggregator remembers about one k6 time series (metric + tag set),
// so that the tags of a series are read once, not once per sample.
type seriesInfo struct {
	role metricRole
	id   uint32 // request group id (roleRequest) or check id (roleChecks)
}

// aggregator turns k6 samples into per-second records. Not safe for concurrent use: the
// output calls it from its single flush goroutine.
type aggregator struct {
	metricRoles map[*metrics.Metric]metricRole
	keyFuncs    map[*metrics.Metric]requestKeyFunc
	series      map[metrics.TimeSeries]seriesInfo

	groupIDs map[requestKey]uint32
	groups   []*requestKey
	checkIDs map[string]uint32
	checks   []string

	open    map[int64]*second
	last    *second // the second the previous sample went to: most samples share it
	newest  int64   // newest sample second seen
	written int64   // last second written (0: none yet)

	// Gauges keep their value until they change: a second without a vus sample (k6 samples
	// vus once a second, so a tick can fall either side of a boundary) reports the last one.
	lastVUs, lastVUsMax float64
	seenVUs, seenVUsMax bool
}

func newAggregator() *aggregator {
	return &aggregator{
		metricRoles: make(map[*metrics.Metric]metricRole),
		keyFuncs:    make(map[*metrics.Metric]requestKeyFunc),
		series:      make(map[metrics.TimeSeries]seriesInfo),
		groupIDs:    make(map[requestKey]uint32),
		checkIDs:    make(map[string]uint32),
		open:        make(map[int64]*second),
	}
}

func (a *aggregator) roleOf(m *metrics.Metric) metricRole {
	if role, ok := a.metricRoles[m]; ok {
		return role
	}
	role := roleIgnore
	if fn, ok := requestMetrics[m.Name]; ok && m.Type == metrics.Trend {
		role = roleRequest
		a.keyFuncs[m] = fn
	} else if r, ok := simpleMetrics[m.Name]; ok {
		role = r
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
	case roleRequest:
		key, isRequest := a.keyFuncs[ts.Metric](ts.Tags)
		if !isRequest {
			info.role = roleIgnore
			break
		}
		id, ok := a.groupIDs[key]
		if !ok {
			id = uint32(len(a.groups)) //nolint:gosec // group count stays far below 2^32
			a.groupIDs[key] = id
			k := key
			a.groups = append(a.groups, &k)
		}
		info.id = id
	case roleChecks:
		name, _ := ts.Tags.Get("check")
		id, ok := a.checkIDs[name]
		if !ok {
			id = uint32(len(a.checks)) //nolint:gosec
			a.checkIDs[name] = id
			a.checks = append(a.checks, name)
		}
		info.id = id
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
	if role == roleRequest {
		if info = a.seriesOf(sample.TimeSeries, role); info.role == roleIgnore {
			return
		}
	}
	s := a.secondFor(sample.Time.Unix())
	switch role {
	case roleRequest:
		if s.requests == nil {
			s.requests = make(map[uint32]*requestAgg)
		}
		r := s.requests[info.id]
		if r == nil {
			r = &requestAgg{key: a.groups[info.id]}
			s.requests[info.id] = r
		}
		r.latency.add(sample.Value)
		end := float64(sample.Time.UnixNano()) / 1e6
		start := end - sample.Value
		if !s.hasSpan || start < s.spanStartMs {
			s.spanStartMs = start
		}
		if !s.hasSpan || end > s.spanEndMs {
			s.spanEndMs = end
		}
		s.hasSpan = true
	case roleChecks:
		info = a.seriesOf(sample.TimeSeries, role)
		if s.checks == nil {
			s.checks = make(map[uint32]*checkAgg)
		}
		c := s.checks[info.id]
		if c == nil {
			c = &checkAgg{name: a.checks[info.id]}
			s.checks[info.id] = c
		}
		if sample.Value != 0 {
			c.passes++
		} else {
			c.fails++
		}
	case roleVUs:
		if at := sample.Time.UnixNano(); !s.hasVUs || at >= s.vusAt {
			s.vus, s.vusAt, s.hasVUs = sample.Value, at, true
		}
	case roleVUsMax:
		if at := sample.Time.UnixNano(); !s.hasVUsMax || at >= s.vusMaxAt {
			s.vusMax, s.vusMaxAt, s.hasVUsMax = sample.Value, at, true
		}
	case roleIterations:
		s.iterations += sample.Value
	case roleDroppedIterations:
		s.droppedIterations += sample.Value
	case roleDataReceived:
		s.bytesReceived += sample.Value
	case roleDataSent:
		s.bytesSent += sample.Value
	case roleMessagesSent:
		s.messagesSent += sample.Value
	case roleMessagesReceived:
		s.messagesReceived += sample.Value
	case roleIgnore:
	}
}

// drain appends the JSON line of every second that is ready to buf and forgets those
// seconds. A second is ready when it is at least watermarkLag seconds older than the newest
// sample second or nowSec, whichever is later; with final, every open second is ready.
func (a *aggregator) drain(buf []byte, nowSec int64, final bool) []byte {
	if len(a.open) == 0 {
		return buf
	}
	ref := a.newest
	if nowSec > ref {
		ref = nowSec
	}
	cutoff := ref - watermarkLag
	ready := make([]int64, 0, len(a.open))
	for t := range a.open {
		if final || t <= cutoff {
			ready = append(ready, t)
		}
	}
	sort.Slice(ready, func(i, j int) bool { return ready[i] < ready[j] })
	for _, t := range ready {
		s := a.open[t]
		delete(a.open, t)
		if a.last == s {
			a.last = nil
		}
		a.fillGauges(s)
		buf = appendSecond(buf, s)
		a.written = t
	}
	return buf
}

// fillGauges gives a second without a vus / vus_max sample the gauge's last written value.
// Before the first value is known (k6 first samples the gauges one second into the run, so
// the first second never has one) it takes the next value seen in a later open second.
func (a *aggregator) fillGauges(s *second) {
	if s.hasVUs {
		a.lastVUs, a.seenVUs = s.vus, true
	} else if a.seenVUs {
		s.vus = a.lastVUs
	} else if next := a.nextOpen(s.t, func(o *second) bool { return o.hasVUs }); next != nil {
		s.vus = next.vus
	}
	if s.hasVUsMax {
		a.lastVUsMax, a.seenVUsMax = s.vusMax, true
	} else if a.seenVUsMax {
		s.vusMax = a.lastVUsMax
	} else if next := a.nextOpen(s.t, func(o *second) bool { return o.hasVUsMax }); next != nil {
		s.vusMax = next.vusMax
	}
}

// nextOpen is the earliest open second after t for which ok is true.
func (a *aggregator) nextOpen(t int64, ok func(*second) bool) *second {
	var best *second
	for ot, o := range a.open {
		if ot > t && ok(o) && (best == nil || ot < best.t) {
			best = o
		}
	}
	return best
}
