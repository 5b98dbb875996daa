//go:build ignore

// ok: the fastest useful HTTP target, so that k6 (not the server) is the bottleneck in the
// overhead benchmark. Answers every request with 200 "ok".
//
//	ok -addr 127.0.0.1:0 -max-seconds 3600
//
// Prints "listening 127.0.0.1:PORT" once ready. Listens on loopback only, exits when its
// stdin closes (the bench died) or after -max-seconds, whichever comes first.
package main

import (
	"flag"
	"io"
	"net/http"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "loopback address to listen on")
	maxSeconds := flag.Int("max-seconds", 3600, "exit after this many seconds")
	flag.Parse()

	ln := listenLoopback(*addr)
	body := []byte("ok")
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		h := w.Header()
		h["Content-Type"] = []string{"text/plain"}
		h["Content-Length"] = []string{"2"}
		_, _ = w.Write(body)
	})
	serve(ln, handler, *maxSeconds)
}
