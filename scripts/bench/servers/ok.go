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
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"time"
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

// listenLoopback refuses any address that is not a loopback IP.
func listenLoopback(addr string) net.Listener {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		log.Fatalf("bad -addr %q: %v", addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		log.Fatalf("refusing to listen on %q: loopback addresses only", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Fatal(err)
	}
	return ln
}

func serve(ln net.Listener, handler http.Handler, maxSeconds int) {
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	time.AfterFunc(time.Duration(maxSeconds)*time.Second, func() { os.Exit(0) })
	fmt.Printf("listening %s\n", ln.Addr().String())
	server := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(server.Serve(ln))
}
