//go:build ignore

// mixture: an HTTP target whose response delays follow a known mixture, for the accuracy
// benchmark. Each request draws (from one seeded RNG) a component with the given weight and
// sleeps base * U[1, 1+spread) milliseconds, then answers 200 "ok".
//
//	mixture -addr 127.0.0.1:0 -seed 42 -mix "0.55:2,0.30:10,0.12:40,0.03:120" -spread 0.25
//
// Prints "listening 127.0.0.1:PORT" once ready. Listens on loopback only, exits when its
// stdin closes (the bench died) or after -max-seconds, whichever comes first.
package main

import (
	"flag"
	"io"
	"log"
	"math/rand"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

type component struct {
	cumulative float64
	baseMs     float64
}

func parseMix(text string) []component {
	var out []component
	total := 0.0
	for _, part := range strings.Split(text, ",") {
		pieces := strings.Split(strings.TrimSpace(part), ":")
		if len(pieces) != 2 {
			log.Fatalf("bad -mix part %q (want weight:ms)", part)
		}
		weight, err1 := strconv.ParseFloat(pieces[0], 64)
		base, err2 := strconv.ParseFloat(pieces[1], 64)
		if err1 != nil || err2 != nil || weight <= 0 || base < 0 {
			log.Fatalf("bad -mix part %q", part)
		}
		total += weight
		out = append(out, component{cumulative: total, baseMs: base})
	}
	if total < 0.999 || total > 1.001 {
		log.Fatalf("-mix weights add up to %v, not 1", total)
	}
	out[len(out)-1].cumulative = 1
	return out
}

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "loopback address to listen on")
	seed := flag.Int64("seed", 42, "RNG seed")
	mixText := flag.String("mix", "0.55:2,0.30:10,0.12:40,0.03:120", "weight:milliseconds,...")
	spread := flag.Float64("spread", 0.25, "each delay is base * U[1, 1+spread)")
	maxSeconds := flag.Int("max-seconds", 3600, "exit after this many seconds")
	flag.Parse()

	mix := parseMix(*mixText)
	var mu sync.Mutex
	rng := rand.New(rand.NewSource(*seed))
	draw := func() time.Duration {
		mu.Lock()
		pick, jitter := rng.Float64(), rng.Float64()
		mu.Unlock()
		for _, c := range mix {
			if pick < c.cumulative {
				return time.Duration(c.baseMs * (1 + *spread*jitter) * float64(time.Millisecond))
			}
		}
		return 0
	}

	ln := listenLoopback(*addr)
	body := []byte("ok")
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		time.Sleep(draw())
		h := w.Header()
		h["Content-Type"] = []string{"text/plain"}
		h["Content-Length"] = []string{"2"}
		_, _ = w.Write(body)
	})
	serve(ln, handler, *maxSeconds)
}
