package loadline

import (
	"math"
	"sort"
	"strconv"
	"unicode/utf8"
)

// appendSecond appends one newline-terminated JSON record in the shape of secondSampleSchema
// (packages/shared/src/series.ts). Written by hand: keys in a fixed order, bins in index
// order, no reflection, one buffer reused for every line.
func appendSecond(b []byte, s *second) []byte {
	b = append(b, `{"v":1,"t":`...)
	b = strconv.AppendInt(b, s.t, 10)

	b = append(b, `,"requests":[`...)
	requests := make([]*requestAgg, 0, len(s.requests))
	for _, r := range s.requests {
		requests = append(requests, r)
	}
	sort.Slice(requests, func(i, j int) bool { return lessKey(&requests[i].key, &requests[j].key) })
	for i, r := range requests {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendRequest(b, r)
	}

	b = append(b, `],"vus":`...)
	b = appendCount(b, s.vus.value)
	b = append(b, `,"vusMax":`...)
	b = appendCount(b, s.vusMax.value)
	b = append(b, `,"iterations":`...)
	b = appendCount(b, s.iterations)
	b = append(b, `,"droppedIterations":`...)
	b = appendCount(b, s.droppedIterations)
	b = append(b, `,"bytesReceived":`...)
	b = appendNumber(b, s.bytesReceived)
	b = append(b, `,"bytesSent":`...)
	b = appendNumber(b, s.bytesSent)
	// Only seconds with WebSocket traffic carry message counts (HTTP-only lines keep their shape).
	if s.messagesSent > 0 || s.messagesReceived > 0 {
		b = append(b, `,"messagesSent":`...)
		b = appendCount(b, s.messagesSent)
		b = append(b, `,"messagesReceived":`...)
		b = appendCount(b, s.messagesReceived)
	}
	b = appendSpan(b, &s.span)
	b = appendScenarioIterations(b, s.scenarios)
	b = appendCustomMetrics(b, s.custom)

	b = append(b, `,"checks":[`...)
	checks := make([]*checkAgg, 0, len(s.checks))
	for _, c := range s.checks {
		checks = append(checks, c)
	}
	sort.Slice(checks, func(i, j int) bool { return checks[i].name < checks[j].name })
	for i, c := range checks {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendString(b, c.name)
		b = append(b, `,"passes":`...)
		b = strconv.AppendUint(b, c.passes, 10)
		b = append(b, `,"fails":`...)
		b = strconv.AppendUint(b, c.fails, 10)
		b = append(b, '}')
	}
	b = append(b, "]}\n"...)
	return b
}

func lessKey(a, b *requestKey) bool {
	switch {
	case a.name != b.name:
		return a.name < b.name
	case a.method != b.method:
		return a.method < b.method
	case a.status != b.status:
		return a.status < b.status
	case a.expected != b.expected:
		return !a.expected
	case a.errorCode != b.errorCode:
		return a.errorCode < b.errorCode
	default:
		return a.scenario < b.scenario
	}
}

func appendRequest(b []byte, r *requestAgg) []byte {
	k, h := &r.key, &r.latency
	b = append(b, `{"name":`...)
	b = appendString(b, k.name)
	b = append(b, `,"method":`...)
	b = appendString(b, k.method)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(k.status), 10)
	b = append(b, `,"expected":`...)
	b = strconv.AppendBool(b, k.expected)
	b = append(b, `,"errorCode":`...)
	b = appendString(b, k.errorCode)
	b = append(b, `,"scenario":`...)
	b = appendString(b, k.scenario)
	b = append(b, `,"count":`...)
	b = strconv.AppendUint(b, r.count, 10)
	b = appendSpan(b, &r.span)
	b = append(b, `,"latency":`...)
	b = appendHistogram(b, h)
	// Only groups with sized responses carry sizes (other protocols keep their shape).
	if r.responseBytes.count > 0 {
		b = append(b, `,"responseBytes":`...)
		b = appendHistogram(b, &r.responseBytes)
	}
	b = append(b, '}')
	return b
}

// appendSpan appends ,"spanStartMs":…,"spanEndMs":… (µs precision) when the span is known.
// appendScenarioIterations writes iterations and dropped iterations per scenario, in name
// order, when any sample of the second carried a scenario tag.
func appendScenarioIterations(b []byte, scenarios map[uint32]*scenarioIterAgg) []byte {
	if len(scenarios) == 0 {
		return b
	}
	list := make([]*scenarioIterAgg, 0, len(scenarios))
	for _, sc := range scenarios {
		list = append(list, sc)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].name < list[j].name })
	b = append(b, `,"scenarioIterations":[`...)
	for i, sc := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendString(b, sc.name)
		b = append(b, `,"iterations":`...)
		b = appendCount(b, sc.iterations)
		b = append(b, `,"droppedIterations":`...)
		b = appendCount(b, sc.dropped)
		b = append(b, '}')
	}
	return append(b, ']')
}

func appendSpan(b []byte, p *span) []byte {
	if !p.set {
		return b
	}
	b = append(b, `,"spanStartMs":`...)
	b = strconv.AppendFloat(b, math.Round(p.startMs*1000)/1000, 'f', -1, 64)
	b = append(b, `,"spanEndMs":`...)
	b = strconv.AppendFloat(b, math.Round(p.endMs*1000)/1000, 'f', -1, 64)
	return b
}

func appendHistogram(b []byte, h *histogram) []byte {
	b = append(b, `{"relativeAccuracy":`...)
	b = appendNumber(b, RelativeAccuracy)
	b = append(b, `,"count":`...)
	b = strconv.AppendUint(b, h.count, 10)
	b = append(b, `,"sum":`...)
	b = appendNumber(b, h.sum)
	b = append(b, `,"min":`...)
	b = appendNumber(b, h.min)
	b = append(b, `,"max":`...)
	b = appendNumber(b, h.max)
	b = append(b, `,"zeroCount":`...)
	b = strconv.AppendUint(b, h.zeroCount, 10)
	b = append(b, `,"bins":{`...)
	first := true
	h.bins(func(index int32, count uint64) {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = strconv.AppendInt(b, int64(index), 10)
		b = append(b, `":`...)
		b = strconv.AppendUint(b, count, 10)
	})
	b = append(b, "}}"...)
	return b
}

// appendCount writes a gauge or counter that k6 keeps as float64 but that counts things.
func appendCount(b []byte, v float64) []byte {
	if !(v > 0) || math.IsInf(v, 0) {
		return append(b, '0')
	}
	return strconv.AppendInt(b, int64(math.Round(v)), 10)
}

// appendNumber writes a finite float the way JSON.stringify does for the values we emit
// (shortest round-trip form; exponent only for very large or very small magnitudes).
// NaN and infinities, which JSON cannot carry, are written as 0.
func appendNumber(b []byte, v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return append(b, '0')
	}
	if abs := math.Abs(v); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		// Go writes 5e-07, JavaScript 5e-7: drop the exponent's leading zero.
		start := len(b)
		b = strconv.AppendFloat(b, v, 'e', -1, 64)
		if n := len(b); n-start >= 4 && b[n-2] == '0' && (b[n-3] == '-' || b[n-3] == '+') {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

// appendString writes s as a JSON string. Invalid UTF-8 becomes U+FFFD.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	b = append(b, '"')
	return b
}
