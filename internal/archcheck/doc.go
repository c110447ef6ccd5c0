// Package archcheck holds no code, only a test that reads the module's
// source and checks the rules of the project's layout: packages import
// only the layers below them (front ends -> engine -> rules), the chess
// core and the engine use the standard library alone, and every exported
// name has a doc comment.
package archcheck
