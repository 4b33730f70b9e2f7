/* Runs XBoard 4.9.1's own XBetza move generator (MovesFromString, taken
 * from XBoard's moves.c by betza-oracle.sh at build time, never copied
 * here) on small boards, so Griffon's translations can be checked against
 * what XBoard really reads.
 *
 * One query per input line:
 *   WIDTH HEIGHT COLOR VIRGIN FROM_X FROM_Y CELLS BETZA
 * COLOR is w or b (the mover's side); VIRGIN 1 if the mover has not moved;
 * CELLS lists WIDTH*HEIGHT squares rank by rank from the first rank, files
 * from a: '.' empty, 'f' friend, 'x' foe, 'K' friendly king, 'k' enemy
 * king, '#' a hole; the mover's own square is ignored.
 * Output, one line per query: the moves XBoard accepts, sorted, separated
 * by spaces: "X.Y" a plain move to (X,Y), "A.B>X.Y" a move that captures on
 * (A,B) in passing (XBoard's kill square), "A.B+C.D>X.Y" one that captures
 * on both; "-" when there are none.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef char *VOIDSTAR;
typedef int Boolean;
#define P(args) args

/* Only the order matters to MovesFromString: White's pieces, then Black's,
 * then empty and off-board squares. */
typedef enum {
    WhitePawn, WhiteLance, WhiteMan, WhiteKing,
    BlackPawn, BlackLance, BlackMan, BlackKing,
    EmptySquare, DarkSquare
} ChessSquare;

typedef enum {
    NormalMove, FirstLeg, WhitePromotion, BlackPromotion,
    WhiteCapturesEnPassant, BlackCapturesEnPassant,
    WhiteKingSideCastle, WhiteQueenSideCastle,
    BlackKingSideCastle, BlackQueenSideCastle
} ChessMove;

#define BOARD_RANKS 17
#define BOARD_FILES 16
typedef ChessSquare Board[BOARD_RANKS][BOARD_FILES];
typedef void (*MoveCallback)(Board board, int flags, ChessMove kind, int rf, int ff,
                             int rt, int ft, VOIDSTAR closure);

#define F_WHITE_ON_MOVE 1
#define CASTLING (BOARD_RANKS - 1)
#define TOUCHED_W CASTLING][(BOARD_FILES - 6)
#define TOUCHED_B CASTLING][(BOARD_FILES - 5)
#define EP_RANK CASTLING][(BOARD_FILES - 4)
#define EP_FILE CASTLING][(BOARD_FILES - 3)

static int boardHeight, boardWidth;
#define BOARD_HEIGHT boardHeight
#define BOARD_LEFT 0
#define BOARD_RGHT boardWidth

Board initialPosition;
int killX = -1, killY = -1, kill2X = -1, kill2Y = -1;
int legNr = 1;

#include "moves-extract.c"

#define MAX_OUT 4096
static char out[MAX_OUT][24];
static int nout;
static int want_leg;      /* legNr of the moves to keep */
static int first_legs[64][2], nfirst;
static char prefix[16];

static void collect(Board board, int flags, ChessMove kind, int rf, int ff, int rt, int ft,
                    VOIDSTAR cl)
{
    (void)board; (void)flags; (void)rf; (void)ff; (void)cl;
    if (kind == FirstLeg) {
        if (legNr == want_leg) {
            if (nfirst < 64) first_legs[nfirst][0] = ft, first_legs[nfirst][1] = rt, nfirst++;
        }
        return;
    }
    if (legNr != want_leg || nout >= MAX_OUT) return;
    snprintf(out[nout++], 24, "%s%d.%d", prefix, ft, rt);
}

static int cmp(const void *a, const void *b) { return strcmp(a, b); }

int main(void)
{
    char line[8192], cells[4096], betza[2048], color;
    int w, h, virgin, fx, fy;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%d %d %c %d %d %d %4095s %2047s", &w, &h, &color, &virgin, &fx, &fy,
                   cells, betza) != 8 || w < 1 || h < 1 || w > BOARD_FILES - 6 ||
            h > BOARD_RANKS - 2 || (int)strlen(cells) != w * h) {
            printf("error\n");
            continue;
        }
        static Board board;
        int white = color == 'w';
        boardWidth = w, boardHeight = h;
        for (int y = 0; y < BOARD_RANKS; y++)
            for (int x = 0; x < BOARD_FILES; x++)
                board[y][x] = EmptySquare, initialPosition[y][x] = EmptySquare;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                ChessSquare s = EmptySquare;
                switch (cells[y * w + x]) {
                case 'f': s = white ? WhiteMan : BlackMan; break;
                case 'x': s = white ? BlackMan : WhiteMan; break;
                case 'K': s = white ? WhiteKing : BlackKing; break;
                case 'k': s = white ? BlackKing : WhiteKing; break;
                case '#': s = DarkSquare; break;
                }
                board[y][x] = s;
            }
        ChessSquare me = white ? WhiteMan : BlackMan;
        board[fy][fx] = me;
        initialPosition[fy][fx] = virgin ? me : EmptySquare;
        board[TOUCHED_W] = board[TOUCHED_B] = 0;
        board[EP_RANK] = board[EP_FILE] = 100; /* no e.p. square */
        int flags = white ? F_WHITE_ON_MOVE : 0;

        nout = 0;
        /* Plain moves: no kill square given, top-level legs only. */
        killX = killY = kill2X = kill2Y = -1;
        legNr = 1, want_leg = 1, nfirst = 0, prefix[0] = 0;
        MovesFromString(board, flags, fx, fy, -1, -1, 0, 0, betza, collect, NULL);
        int firsts[64][2], nf = nfirst;
        memcpy(firsts, first_legs, sizeof firsts);
        for (int i = 0; i < nf; i++) {
            /* One capture in passing, on the square XBoard was told. */
            killX = firsts[i][0], killY = firsts[i][1], kill2X = kill2Y = -1;
            legNr = 1, want_leg = 2, nfirst = 0;
            snprintf(prefix, sizeof prefix, "%d.%d>", killX, killY);
            MovesFromString(board, flags, fx, fy, -1, -1, 0, 0, betza, collect, NULL);
            int seconds[64][2], ns = nfirst;
            memcpy(seconds, first_legs, sizeof seconds);
            for (int j = 0; j < ns; j++) {
                /* Two captures: XBoard keeps the first in kill2, the second in kill. */
                kill2X = firsts[i][0], kill2Y = firsts[i][1];
                killX = seconds[j][0], killY = seconds[j][1];
                legNr = 1, want_leg = 4, nfirst = 0;
                snprintf(prefix, sizeof prefix, "%d.%d+%d.%d>", kill2X, kill2Y, killX, killY);
                MovesFromString(board, flags, fx, fy, -1, -1, 0, 0, betza, collect, NULL);
            }
        }
        qsort(out, nout, sizeof out[0], cmp);
        int printed = 0;
        for (int i = 0; i < nout; i++) {
            if (i > 0 && strcmp(out[i], out[i - 1]) == 0) continue;
            printf(printed++ ? " %s" : "%s", out[i]);
        }
        printf(printed ? "\n" : "-\n");
        fflush(stdout);
    }
    return 0;
}
