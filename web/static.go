package web

import (
	"embed"
	"io/fs"
	"net/http"
)

// static holds the built page: index.html and the bundle that web/frontend
// builds (make web-build); make web-check verifies it matches its sources.
//
//go:embed static
var static embed.FS

// staticHandler serves the page at / and its files.
func staticHandler() http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	files := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		// The files keep their names from one build to the next: have the
		// browser check for a newer one every time.
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
