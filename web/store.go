package web

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// ErrNotFound is the error of the Store for a game it does not hold.
var ErrNotFound = errors.New("no such game")

// Store keeps the games in an SQLite database file.
type Store struct {
	db *sql.DB
}

// DBFile is the name of the database file in the data directory.
const DBFile = "ferz.db"

// OpenStore opens (creating if needed) the database in dir.
func OpenStore(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	path := filepath.Join(dir, DBFile)
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	// One connection: SQLite serialises writers anyway, and this keeps
	// the pragmas on the one connection there is.
	db.SetMaxOpenConns(1)
	const schema = `CREATE TABLE IF NOT EXISTS games (
		id      INTEGER PRIMARY KEY AUTOINCREMENT,
		created TEXT NOT NULL,
		updated TEXT NOT NULL,
		result  TEXT NOT NULL,
		data    TEXT NOT NULL
	)`
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return &Store{db: db}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Create stores a new game and sets its ID.
func (s *Store) Create(r *Record) error {
	now := time.Now().UTC()
	r.Created, r.Updated = now, now
	res, err := s.db.Exec(`INSERT INTO games (created, updated, result, data) VALUES (?, ?, ?, '{}')`,
		now.Format(time.RFC3339Nano), now.Format(time.RFC3339Nano), r.Result)
	if err != nil {
		return fmt.Errorf("store game: %w", err)
	}
	if r.ID, err = res.LastInsertId(); err != nil {
		return fmt.Errorf("store game: %w", err)
	}
	return s.Save(r)
}

// Save writes r over the stored game with its ID.
func (s *Store) Save(r *Record) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("store game %d: %w", r.ID, err)
	}
	_, err = s.db.Exec(`UPDATE games SET updated = ?, result = ?, data = ? WHERE id = ?`,
		r.Updated.UTC().Format(time.RFC3339Nano), r.Result, string(data), r.ID)
	if err != nil {
		return fmt.Errorf("store game %d: %w", r.ID, err)
	}
	return nil
}

// Get returns the stored game with the given ID, or ErrNotFound.
func (s *Store) Get(id int64) (*Record, error) {
	var data string
	err := s.db.QueryRow(`SELECT data FROM games WHERE id = ?`, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read game %d: %w", id, err)
	}
	var r Record
	if err := json.Unmarshal([]byte(data), &r); err != nil {
		return nil, fmt.Errorf("read game %d: %w", id, err)
	}
	return &r, nil
}

// List returns up to limit games, the most recently updated first.
func (s *Store) List(limit int) ([]*Record, error) {
	rows, err := s.db.Query(`SELECT data FROM games ORDER BY updated DESC, id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	defer rows.Close()
	var list []*Record
	for rows.Next() {
		var data string
		if err := rows.Scan(&data); err != nil {
			return nil, fmt.Errorf("list games: %w", err)
		}
		var r Record
		if err := json.Unmarshal([]byte(data), &r); err != nil {
			continue // a damaged row must not hide the others
		}
		list = append(list, &r)
	}
	return list, rows.Err()
}

// Delete removes a game.
func (s *Store) Delete(id int64) error {
	res, err := s.db.Exec(`DELETE FROM games WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("delete game %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
