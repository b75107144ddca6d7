package rules

import (
	"fmt"
	"strings"

	"koma/rules/board"
)

// Text draws a position as plain text: the board with coordinates, then the player to move
// or the result. White pieces are upper-case, black ones lower-case; the letter is "o" for an
// ordinary piece, "k" for a crowned one, and a stack shows its height after the top piece's
// letter. It serves the command-line tool and test failure messages.
func Text(s State) string {
	b := s.Board()
	var sb strings.Builder
	g := s.Game()
	cellWidth := 2
	var pieces []Piece
	cell := func(site board.Site) string {
		pieces = s.Pieces(site, pieces[:0])
		if len(pieces) == 0 {
			return "."
		}
		top := pieces[len(pieces)-1]
		letter := "o"
		if int(top.Kind) < len(g.Looks) && g.Looks[top.Kind] == Crowned {
			letter = "k"
		}
		if ColourOf(s, top.Owner) == White {
			letter = strings.ToUpper(letter)
		}
		if len(pieces) > 1 {
			letter += fmt.Sprint(len(pieces))
		}
		return letter
	}
	pad := func(v string) string { return v + strings.Repeat(" ", max(1, cellWidth-len(v))) }
	switch b.Kind() {
	case board.Hex:
		// Each row is indented by half a cell per step from the middle row, as the cells are
		// drawn; the labels of its first and last cells follow, since hex letters run along
		// the slanted up-right lines and cannot be written under the board.
		r := b.HexSide() - 1
		for y := r; y >= -r; y-- {
			fmt.Fprintf(&sb, "%2d ", y+r+1)
			sb.WriteString(strings.Repeat(" ", abs(y)))
			first, last := board.NoSite, board.NoSite
			for q := -r; q <= r; q++ {
				if site := b.At(q, y); site != board.NoSite {
					sb.WriteString(pad(cell(site)))
					if first == board.NoSite {
						first = site
					}
					last = site
				}
			}
			sb.WriteString(strings.Repeat(" ", abs(y)))
			fmt.Fprintf(&sb, "  %s-%s\n", b.Label(first), b.Label(last))
		}
	default:
		for row := b.Height() - 1; row >= 0; row-- {
			fmt.Fprintf(&sb, "%2d ", row+1)
			for col := 0; col < b.Width(); col++ {
				sb.WriteString(pad(cell(b.At(col, row))))
			}
			sb.WriteString("\n")
		}
		sb.WriteString("   ")
		for col := 0; col < b.Width(); col++ {
			sb.WriteString(pad(strings.TrimRight(b.Label(b.At(col, 0)), "0123456789")))
		}
		sb.WriteString("\n")
	}
	if o, over := s.Outcome(); over {
		if o.Winner == NoPlayer {
			fmt.Fprintf(&sb, "result: draw (%s)\n", o.Reason)
		} else {
			fmt.Fprintf(&sb, "result: %s wins (%s)\n", SideName(s, o.Winner), o.Reason)
		}
		if o.Scored {
			fmt.Fprintf(&sb, "score: %d-%d\n", o.Score[0], o.Score[1])
		}
	} else {
		fmt.Fprintf(&sb, "to move: %s\n", SideName(s, s.ToMove()))
	}
	lines := strings.Split(sb.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// SideName names a player in English for tools and logs: by the seat's role where the game
// names one, otherwise by the colour the player has in s.
func SideName(s State, p Player) string {
	g := s.Game()
	if p < 0 || int(p) >= len(g.Sides) {
		return "nobody"
	}
	if r := g.Sides[p].Role; r != "" {
		return r
	}
	if ColourOf(s, p) == White {
		return "white"
	}
	return "black"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
