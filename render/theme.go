package render

import "image/color"

// The palette: warm paper and walnut around maple boards, ivory and ink pieces, and one
// vermilion accent. Scenes use the first group; the board view uses the rest.
var (
	// Background fills the window behind everything.
	Background = color.NRGBA{0xEC, 0xE5, 0xD8, 0xFF}
	// Panel fills cards, dialogs and lists.
	Panel = color.NRGBA{0xFA, 0xF7, 0xF1, 0xFF}
	// PanelBorder outlines panels and separates list rows.
	PanelBorder = color.NRGBA{0xD8, 0xCD, 0xBC, 0xFF}
	// Text is the colour of body text and labels.
	Text = color.NRGBA{0x2A, 0x24, 0x1F, 0xFF}
	// MutedText is for secondary text: hints, captions, disabled labels.
	MutedText = color.NRGBA{0x80, 0x74, 0x66, 0xFF}
	// Accent marks the primary action and the current selection.
	Accent = color.NRGBA{0xC4, 0x4E, 0x34, 0xFF}
	// AccentHover is Accent under the pointer.
	AccentHover = color.NRGBA{0xAE, 0x41, 0x2A, 0xFF}
	// OnAccent is text drawn on Accent.
	OnAccent = color.NRGBA{0xFF, 0xFB, 0xF5, 0xFF}
	// ButtonFill is the face of an ordinary button.
	ButtonFill = color.NRGBA{0xF4, 0xEF, 0xE7, 0xFF}
	// ButtonHover is an ordinary button under the pointer.
	ButtonHover = color.NRGBA{0xE9, 0xE1, 0xD4, 0xFF}
	// Shadow is the colour of drop shadows; it is drawn at low alpha.
	Shadow = color.NRGBA{0x3A, 0x26, 0x14, 0xFF}

	// BoardFrame is the walnut border around every board, which holds the coordinates.
	BoardFrame = color.NRGBA{0x6B, 0x45, 0x28, 0xFF}
	// BoardFrameEdge is the lighter bevel on the inside of the frame.
	BoardFrameEdge = color.NRGBA{0x8E, 0x64, 0x3E, 0xFF}
	// BoardCoord is the colour of coordinate labels on the frame.
	BoardCoord = color.NRGBA{0xEE, 0xDB, 0xBC, 0xFF}
	// SquareLight is the light shade of a checkered board.
	SquareLight = color.NRGBA{0xEC, 0xD4, 0xA8, 0xFF}
	// SquareDark is the dark shade of a checkered board, on a1 and every square of the
	// same colour.
	SquareDark = color.NRGBA{0xBE, 0x8E, 0x5E, 0xFF}
	// SquarePlain is the single shade of a plain board.
	SquarePlain = color.NRGBA{0xE3, 0xC3, 0x8E, 0xFF}
	// GridLine is the colour of a plain board's lines, drawn translucent.
	GridLine = color.NRGBA{0x6E, 0x4D, 0x30, 0xFF}
	// HexTints are the three tones of hex cells; neighbouring cells never share one.
	HexTints = [3]color.NRGBA{
		{0xEB, 0xD2, 0xA6, 0xFF},
		{0xE0, 0xC2, 0x92, 0xFF},
		{0xD4, 0xB1, 0x80, 0xFF},
	}
	// HexOutline is the thin line between hex cells.
	HexOutline = color.NRGBA{0x7E, 0x5A, 0x38, 0xFF}
	// PointSurface is the board under a point board's lines.
	PointSurface = color.NRGBA{0xE8, 0xCD, 0x9C, 0xFF}
	// PointLine is the colour of a point board's lines and points.
	PointLine = color.NRGBA{0x4A, 0x32, 0x20, 0xFF}

	// PieceWhite is the body colour of white pieces: ivory rather than paper white.
	PieceWhite = color.NRGBA{0xF2, 0xEA, 0xD8, 0xFF}
	// PieceBlack is the body colour of black pieces: ink rather than pure black, so the
	// shading shows.
	PieceBlack = color.NRGBA{0x2A, 0x2A, 0x2F, 0xFF}
	// CrownGold is the crown on crowned pieces.
	CrownGold = color.NRGBA{0xDC, 0xAA, 0x32, 0xFF}

	// LastMoveTint washes over the cells of the last move.
	LastMoveTint = color.NRGBA{0xF7, 0xD0, 0x4A, 0x70}
	// SelectedRing circles the selected piece.
	SelectedRing = color.NRGBA{0xE0, 0x55, 0x30, 0xFF}
	// TargetMark is the dot or ring on a legal next site.
	TargetMark = color.NRGBA{0x1E, 0x5C, 0x48, 0x9A}
	// MovableMark is the hairline ring on sites where a move can start.
	MovableMark = color.NRGBA{0x1E, 0x5C, 0x48, 0x80}

	// SpecialTint washes the special squares of a game: a throne, escapes, a ring.
	SpecialTint = color.NRGBA{0x8E, 0x64, 0x3E, 0x55}
	// SpecialInk draws the symbol on a special square.
	SpecialInk = color.NRGBA{0x5A, 0x3A, 0x22, 0xD0}
	// RingTint washes a region the rules single out, such as an outer ring.
	RingTint = color.NRGBA{0x3C, 0x6E, 0x8C, 0x40}
	// AlertMark flags a paralysed piece and the pieces a move would capture.
	AlertMark = color.NRGBA{0xD0, 0x28, 0x1E, 0xF0}
	// ArrowInk draws the arrows of a move shown in a diagram.
	ArrowInk = color.NRGBA{0x1E, 0x5C, 0x48, 0xD8}
	// VisitedMark dots the points a chain has passed through.
	VisitedMark = color.NRGBA{0x5A, 0x4A, 0x3A, 0xB0}
)

// pieceShades are the colours of one piece colour, from the rim inwards.
type pieceShades struct {
	rim, edge, body, light color.NRGBA
	ink                    color.NRGBA // for text drawn on the piece
}

var (
	whiteShades = pieceShades{
		rim:   color.NRGBA{0x8C, 0x7D, 0x62, 0xFF},
		edge:  color.NRGBA{0xC9, 0xBA, 0x9A, 0xFF},
		body:  PieceWhite,
		light: color.NRGBA{0xFF, 0xFD, 0xF6, 0xFF},
		ink:   color.NRGBA{0x3A, 0x30, 0x26, 0xFF},
	}
	blackShades = pieceShades{
		rim:   color.NRGBA{0x05, 0x05, 0x07, 0xFF},
		edge:  color.NRGBA{0x14, 0x14, 0x18, 0xFF},
		body:  PieceBlack,
		light: color.NRGBA{0x62, 0x63, 0x6B, 0xFF},
		ink:   color.NRGBA{0xF2, 0xEA, 0xD8, 0xFF},
	}
)
