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
		if int(top.Owner) >= 0 && int(top.Owner) < len(g.Sides) && g.Sides[top.Owner].Colour == White {
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
		r := b.HexSide() - 1
		for y := r; y >= -r; y-- {
			fmt.Fprintf(&sb, "%2d ", y+r+1)
			sb.WriteString(strings.Repeat(" ", abs(y)))
			for q := -r; q <= r; q++ {
				if site := b.At(q, y); site != board.NoSite {
					sb.WriteString(pad(cell(site)))
				}
			}
			sb.WriteString("\n")
		}
		sb.WriteString("   letters run along the up-right diagonals: ")
		for q := -r; q <= r; q++ {
			sb.WriteString(strings.TrimRight(b.Label(b.At(q, max(-r, -r-q))), "0123456789"))
		}
		sb.WriteString("\n")
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
			fmt.Fprintf(&sb, "result: %s wins (%s)\n", SideName(g, o.Winner), o.Reason)
		}
	} else {
		fmt.Fprintf(&sb, "to move: %s\n", SideName(g, s.ToMove()))
	}
	return strings.TrimRight(sb.String(), " ")
}

// SideName names a player by colour in English, for tools and logs.
func SideName(g *Game, p Player) string {
	if p < 0 || int(p) >= len(g.Sides) {
		return "nobody"
	}
	if g.Sides[p].Colour == White {
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
