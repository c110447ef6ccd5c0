package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// apiError is an error with the HTTP status it is reported with.
type apiError struct {
	status int
	msg    string
}

// Error returns the message shown to the client.
func (e *apiError) Error() string { return e.msg }

// errorf returns an apiError with the given status and message.
func errorf(status int, format string, args ...any) *apiError {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...)}
}

// writeJSON writes v as the JSON body of a response with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	_ = enc.Encode(v) // the client may have gone; nothing to do then
}

// writeError writes err as {"error": message}: an apiError with its own
// status, anything else as a 500.
func writeError(w http.ResponseWriter, err error) {
	var ae *apiError
	if errors.As(err, &ae) {
		writeJSON(w, ae.status, map[string]string{"error": ae.msg})
		return
	}
	writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error: " + err.Error()})
}

// readJSON decodes the body of r, which must be a single JSON object of
// the type of v with no unknown fields and at most limit bytes.
func readJSON(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return errorf(http.StatusUnsupportedMediaType, "the body must be JSON (Content-Type: application/json), not %q", ct)
		}
	}
	body := http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case isTooBig(err):
			return errorf(http.StatusRequestEntityTooLarge, "the request body is larger than the limit of %d bytes", limit)
		case errors.Is(err, io.EOF):
			return errorf(http.StatusBadRequest, "the request body is empty; a JSON object is expected")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return errorf(http.StatusBadRequest, "the request body is not valid JSON: it ends in the middle of a value")
		case errors.As(err, &syn):
			return errorf(http.StatusBadRequest, "the request body is not valid JSON (at byte %d): %v", syn.Offset, err)
		case errors.As(err, &typ):
			return errorf(http.StatusBadRequest, "the request body has a wrong type for field %q: expected %v", typ.Field, typ.Type)
		case strings.HasPrefix(err.Error(), "json: unknown field"):
			return errorf(http.StatusBadRequest, "the request body has an %s", strings.TrimPrefix(err.Error(), "json: "))
		default:
			return errorf(http.StatusBadRequest, "the request body is malformed: %v", err)
		}
	}
	// Exactly one object: anything after it (another value, garbage,
	// or more bytes than allowed) is refused.
	var extra json.RawMessage
	switch err := dec.Decode(&extra); {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil && isTooBig(err):
		return errorf(http.StatusRequestEntityTooLarge, "the request body is larger than the limit of %d bytes", limit)
	default:
		return errorf(http.StatusBadRequest, "the request body must hold a single JSON object and nothing after it")
	}
}

// isTooBig reports whether err comes from a MaxBytesReader over its limit.
func isTooBig(err error) bool {
	var tooBig *http.MaxBytesError
	return errors.As(err, &tooBig)
}
