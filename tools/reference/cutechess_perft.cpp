// Cute Chess's move generator as a perft command, to count positions with
// Cute Chess's own code (github.com/cutechess/cutechess, the board library
// of projects/lib/src/board) and to look into disagreements with Griffon.
//
// Usage: cutechess_perft VARIANT FEN DEPTH [divide]
//   VARIANT is Cute Chess's name (standard, capablanca, suicide, ...).
//   With `divide`, prints `move: count` for each root move first.
//   STOPEND=1 in the environment: no moves are counted in a position whose
//   game is over (a king exploded or taken, ...), as Griffon,
//   Fairy-Stockfish and python-chess count; by default it counts as Cute
//   Chess's own test (projects/lib/tests/chessboard/tst_board.cpp) does,
//   generating moves there too.
//
// Build (Debian: apt-get install qt6-base-dev), from a Cute Chess checkout:
//   cd projects/lib && for f in src/board/*.cpp src/mersenne.cpp; do
//     g++ -std=c++17 -O2 -fPIC -DLIB_EXPORT= $(pkg-config --cflags Qt6Core) \
//       -Isrc -Isrc/board -I3rdparty/fathom/src -c $f -o $(basename $f).o; done
//   gcc -O2 -c 3rdparty/fathom/src/tbprobe.c -I3rdparty/fathom/src -o tbprobe.o
//   g++ -std=c++17 -O2 -fPIC -DLIB_EXPORT= $(pkg-config --cflags Qt6Core) \
//     -Isrc -Isrc/board -c PATH/TO/cutechess_perft.cpp -o main.o
//   g++ *.o -o cutechess_perft $(pkg-config --libs Qt6Core)
#include "board/board.h"
#include "board/boardfactory.h"
#include "board/result.h"
#include <QString>
#include <cstdio>
#include <cstdlib>

static bool stop_at_end;

static quint64 perft(Chess::Board* board, int depth)
{
	if (stop_at_end && !board->result().isNone())
		return 0;
	QVector<Chess::Move> moves(board->legalMoves());
	if (depth == 1 || moves.size() == 0)
		return moves.size();
	quint64 nodes = 0;
	for (const auto& m : moves)
	{
		board->makeMove(m);
		nodes += perft(board, depth - 1);
		board->undoMove();
	}
	return nodes;
}

int main(int argc, char** argv)
{
	if (argc < 4)
	{
		fprintf(stderr, "usage: cutechess_perft VARIANT FEN DEPTH [divide]\n");
		return 2;
	}
	stop_at_end = getenv("STOPEND") != nullptr;
	Chess::Board* board = Chess::BoardFactory::create(argv[1]);
	if (board == nullptr)
	{
		fprintf(stderr, "unknown variant %s\n", argv[1]);
		return 2;
	}
	board->initialize();
	if (!board->setFenString(argv[2]))
	{
		fprintf(stderr, "bad FEN %s\n", argv[2]);
		return 2;
	}
	int depth = atoi(argv[3]);
	if (argc > 4)
	{
		quint64 total = 0;
		for (const auto& m : board->legalMoves())
		{
			QString text = board->moveString(m, Chess::Board::LongAlgebraic);
			board->makeMove(m);
			quint64 n = depth > 1 ? perft(board, depth - 1) : 1;
			board->undoMove();
			printf("%s: %llu\n", text.toUtf8().constData(), (unsigned long long)n);
			total += n;
		}
		printf("Nodes: %llu\n", (unsigned long long)total);
	}
	else
		printf("Nodes: %llu\n", (unsigned long long)perft(board, depth));
	return 0;
}
