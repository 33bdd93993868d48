// Which decision a person means by clicking squares. The server lists the
// legal decisions, each with the board squares it touches in the order a
// person clicks them (docs/ui.md); this knows no rule of any game. A click
// keeps the decisions whose next square it is: one left is played, several
// sharing all their squares become buttons, none means the click is not
// legal and changes nothing.

export class ClickSelector {
  constructor(decisions) {
    this.decisions = decisions;
    this.clicked = [];
  }

  // Decisions still possible after the squares clicked so far.
  candidates() {
    const k = this.clicked.length;
    return this.decisions.filter(
      (d) => d.squares.length >= k && this.clicked.every((s, i) => d.squares[i] === s));
  }

  // Squares that can be clicked next.
  targets() {
    const k = this.clicked.length;
    const out = new Set();
    for (const d of this.candidates()) if (d.squares.length > k) out.add(d.squares[k]);
    return out;
  }

  // Decisions offered as buttons: those without squares, and, once squares
  // are clicked, the candidates whose squares are all clicked.
  buttons() {
    if (this.clicked.length === 0) return this.decisions.filter((d) => d.squares.length === 0);
    return this.candidates().filter((d) => d.squares.length === this.clicked.length);
  }

  selected() {
    return new Set(this.clicked);
  }

  reset() {
    this.clicked = [];
  }

  // {kind: 'play', decision} | {kind: 'narrow'} | {kind: 'choose'} | {kind: 'illegal'}
  click(square) {
    const before = this.clicked;
    let result = this.tryClick(square);
    if (result.kind === 'illegal' && before.length > 0) {
      // A fresh start from this square (another piece chosen instead).
      this.clicked = [];
      result = this.tryClick(square);
      if (result.kind === 'illegal') this.clicked = before;
    }
    return result;
  }

  tryClick(square) {
    const k = this.clicked.length;
    const next = this.candidates().filter((d) => d.squares[k] === square);
    if (next.length === 0) return { kind: 'illegal' };
    this.clicked = [...this.clicked, square];
    if (next.length === 1) return { kind: 'play', decision: next[0] };
    // Several end here (buttons), perhaps beside others that go on (targets).
    if (next.some((d) => d.squares.length === k + 1)) return { kind: 'choose' };
    return { kind: 'narrow' };
  }
}
