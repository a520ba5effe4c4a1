// Popeye's keyword tables in its three input languages (from Popeye's
// output/plaintext/language_dependant.c), and its rule for abbreviated keywords.
#pragma once

#include <array>
#include <string_view>

namespace arbiter::cli::popeye {

enum Language { kFrench, kGerman, kEnglish, kLanguageCount };

template <std::size_t N>
using Table = std::array<std::array<std::string_view, N>, kLanguageCount>;

inline constexpr Table<1> kBeginProblem = {
    {{"DebutProbleme"}, {"AnfangProblem"}, {"beginproblem"}}};

enum ProblemToken { kEndProblem, kNextProblem };
inline constexpr Table<2> kProblemTokens = {{{"FinProbleme", "asuivre"},
                                             {"EndeProblem", "WeiteresProblem"},
                                             {"endproblem", "nextproblem"}}};

enum EndTwinToken { kTwin, kZeroPosition };
inline constexpr Table<2> kEndTwinTokens = {
    {{"jumeau", "zeroposition"}, {"Zwilling", "NullStellung"}, {"twin", "zeroposition"}}};

// Popeye's table has "\n" at index 9; it can never match a token, so it is left out here.
enum InitialTwinToken {
  kRemark,
  kSStipulation,
  kAuthor,
  kOrigin,
  kPieces,
  kCondition,
  kOption,
  kStipulation,
  kProtocol,
  kTitle,
  kLaTeX,
  kLaTeXPieces,
  kAward,
  kInitialGameArray,
  kForsyth
};
inline constexpr Table<15> kInitialTwinTokens = {
    {{"remarque", "senonce", "auteur", "source", "pieces", "condition", "option", "enonce",
      "protocol", "titre", "LaTeX", "PiecesLaTeX", "prix", "PositionInitialePartie", "Forsyth"},
     {"Bemerkung", "sForderung", "Autor", "Quelle", "Steine", "Bedingung", "Option", "Forderung",
      "Protokoll", "Titel", "LaTeX", "LaTeXSteine", "Auszeichnung", "PartieAnfangsStellung",
      "Forsyth"},
     {"remark", "sstipulation", "author", "origin", "pieces", "condition", "option", "stipulation",
      "protocol", "title", "LaTeX", "LaTeXPieces", "award", "InitialGameArray", "Forsyth"}}};

enum Opt {
  kDefence,
  kSetPlay,
  kWhiteToPlay,
  kVariation,
  kMoveNumbers,
  kStartMoveNumber,
  kNoWk,
  kDuplex,
  kNoBk,
  kThreat,
  kNoThreat,
  kTry,
  kMaxSolutions,
  kMaxFlightsquares,
  kSearch,
  kMultiSolutions,
  kNoSymmetry,
  kNonTrivial,
  kKeepMatingPiece,
  kEnPassant,
  kNoBoard,
  kNoShortVariations,
  kHalfDuplex,
  kPostKeyPlay,
  kIntelligent,
  kMaxTime,
  kNoCastling,
  kQuodlibet,
  kStopOnShortSolutions,
  kBeep,
  kSuppressGrid,
  kWriteGrid,
  kCastlingMutuallyExclusive,
  kGoalIsEnd,
  kUnpublishedOption,
  kNullMoves,
  kUpToMoveNumber,
  kTrivialTriesAvoid,
  kMatesIn1
};
inline constexpr Table<39> kOptions = {{{"Defense",
                                         "Apparent",
                                         "ApparentSeul",
                                         "Variantes",
                                         "Trace",
                                         "Enroute",
                                         "SansRB",
                                         "Duplex",
                                         "SansRN",
                                         "Menace",
                                         "SansMenace",
                                         "Essais",
                                         "MaxSolutions",
                                         "MaxCasesFuites",
                                         "Search",
                                         "MultiSolutions",
                                         "NonSymetrique",
                                         "NonTrivial",
                                         "RetiensPieceMatante",
                                         "EnPassant",
                                         "SansEchiquier",
                                         "SansVariantesCourtes",
                                         "DemiDuplex",
                                         "ApresCle",
                                         "Intelligent",
                                         "MaxTemps",
                                         "SansRoquer",
                                         "Quodlibet",
                                         "FinApresSolutionsCourtes",
                                         "Bip",
                                         "SansGrille",
                                         "AjouteGrille",
                                         "RoquesMutuellementExclusifs",
                                         "ButEstFin",
                                         "optionnonpubliee",
                                         "CoupsVides",
                                         "JusquAuCoup",
                                         "TrivialEssaiSupprimer",
                                         "MatsEn1"},
                                        {"Widerlegung",
                                         "Satzspiel",
                                         "WeissBeginnt",
                                         "Varianten",
                                         "Zugnummern",
                                         "StartZugnummer",
                                         "OhneWk",
                                         "Duplex",
                                         "OhneSk",
                                         "Drohung",
                                         "OhneDrohung",
                                         "Verfuehrung",
                                         "MaxLoesungen",
                                         "MaxFluchtFelder",
                                         "Suchen",
                                         "MehrereLoesungen",
                                         "KeineSymmetrie",
                                         "NichtTrivial",
                                         "HalteMattsetzendenStein",
                                         "EnPassant",
                                         "OhneBrett",
                                         "OhneKurzVarianten",
                                         "HalbDuplex",
                                         "NachSchluessel",
                                         "Intelligent",
                                         "MaxZeit",
                                         "KeineRochade",
                                         "Quodlibet",
                                         "StopNachKurzloesungen",
                                         "Pieps",
                                         "OhneGitter",
                                         "ZeichneGitter",
                                         "RochadenGegenseitigAusschliessend",
                                         "ZielIstEnde",
                                         "nichtpublizierteoption",
                                         "NullZuege",
                                         "BisZugnummer",
                                         "TrivialeFehlversucheUnterdruecken",
                                         "MattsIn1"},
                                        {"Defence",
                                         "SetPlay",
                                         "WhiteToPlay",
                                         "Variations",
                                         "MoveNumbers",
                                         "StartMoveNumber",
                                         "NoWk",
                                         "Duplex",
                                         "NoBk",
                                         "Threat",
                                         "NoThreat",
                                         "Try",
                                         "MaxSolutions",
                                         "MaxFlightsquares",
                                         "Search",
                                         "MultiSolutions",
                                         "NoSymmetry",
                                         "NonTrivial",
                                         "KeepMatingPiece",
                                         "EnPassant",
                                         "NoBoard",
                                         "NoShortVariations",
                                         "HalfDuplex",
                                         "PostKeyPlay",
                                         "Intelligent",
                                         "MaxTime",
                                         "NoCastling",
                                         "Quodlibet",
                                         "StopOnShortSolutions",
                                         "Beep",
                                         "SuppressGrid",
                                         "WriteGrid",
                                         "CastlingMutuallyExclusive",
                                         "GoalIsEnd",
                                         "unpublishedoption",
                                         "NullMoves",
                                         "UpToMoveNumber",
                                         "TrivialTriesAvoid",
                                         "MatesIn1"}}};

enum Colour { kWhite, kBlack, kNeutral, kTotalInvisible };
inline constexpr Table<4> kColours = {{{"Blanc", "Noir", "Neutre", "TotalInvisible"},
                                       {"Weiss", "Schwarz", "Neutral", "TotalUnsichtbar"},
                                       {"White", "Black", "Neutral", "TotalInvisible"}}};

/// Piece attributes (Royal, Kamikaze, ...): none is supported, but they must be recognised to
/// be named in the error.
inline constexpr Table<20> kPieceFlags = {
    {{"Royale",        "Kamikaze",   "Paralysante",
      "Cameleon",      "Jigger",     "Volage",
      "Fonctionnaire", "DemiNeutre", "CouleurEchangeantSautoir",
      "Protee",        "Magique",    "Imprenable",
      "Patrouille",    "Frischauf",  "Bul",
      "Dob",           "Anda",       "AndaInverse",
      "AliceA",        "AliceB"},
     {"Koeniglich", "Kamikaze",    "Paralysierend",
      "Chamaeleon", "Jigger",      "Volage",
      "Beamtet",    "HalbNeutral", "SprungbockFarbeWechselnd",
      "Proteisch",  "Magisch",     "Unschlagbar",
      "Patrouille", "Frischauf",   "Bul",
      "Dob",        "Anda",        "AndaInvers",
      "AliceA",     "AliceB"},
     {"Royal",       "Kamikaze",    "Paralysing",
      "Chameleon",   "Jigger",      "Volage",
      "Functionary", "HalfNeutral", "HurdleColourChanging",
      "Protean",     "Magic",       "Uncapturable",
      "Patrol",      "Frischauf",   "Bul",
      "Dob",         "Anda",        "AndaInverse",
      "AliceA",      "AliceB"}}};

enum Twinning {
  kMove,
  kExchange,
  kTwinStipulation,
  kTwinSStipulation,
  kAdd,
  kRemove,
  kContinued,
  kRotate,
  kTwinCondition,
  kPolishType,
  kMirror,
  kShift,
  kSubstitute
};
inline constexpr Table<13> kTwinnings = {
    {{"deplacement", "echange", "enonce", "senonce", "ajoute", "ote", "enplus", "rotation",
      "condition", "CouleurEchange", "miroir", "translation", "remplace"},
     {"versetze", "tausche", "Forderung", "SForderung", "hinzufuegen", "entferne", "ferner",
      "Drehung", "Bedingung", "Farbwechsel", "Spiegelung", "Verschiebung", "ersetze"},
     {"move", "exchange", "stipulation", "sstipulation", "add", "remove", "continued", "rotate",
      "condition", "PolishType", "mirror", "shift", "substitute"}}};

/// The orthodox piece letters, in the order K P Q N R B (Popeye's English uses S for the
/// knight; N is its nightrider).
inline constexpr std::array<std::string_view, kLanguageCount> kOrthodoxLetters = {
    "rpdctf", "kbdstl", "kpqsrb"};

inline constexpr int kNoMatch = -1;
inline constexpr int kAmbiguous = -2;

/// Popeye's GetUniqIndex: the first keyword that `token` is a case-insensitive prefix of; it
/// wins when it is spelled out in full or when no later keyword has the same prefix, else the
/// token is ambiguous. kNoMatch when no keyword starts with `token`.
int match_keyword(const std::string_view* first, std::size_t count, std::string_view token);

template <std::size_t N>
int match(const Table<N>& table, Language lang, std::string_view token) {
  return match_keyword(table[lang].data(), N, token);
}

}  // namespace arbiter::cli::popeye
