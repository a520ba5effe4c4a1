// The clause names of Conversion Chess (rule text: shared/rules-text/conversion-chess.txt) that
// a move of a Conversion table reports: coverage and the step cases name them through this enum.
#pragma once

#include <cstdint>
#include <string_view>

namespace arbiter {

enum class ConversionClause : std::uint8_t {
  kConversion,               ///< the move converted at least one enemy piece
  kMultipleConversion,       ///< it converted two or more
  kConversionByCastling,     ///< a castling converted
  kCheckByConversionThreat,  ///< the side to move is in check only by a threat to convert
  kCount,                    ///< names no clause: the number of clauses
};
inline constexpr int kConversionClauseCount = static_cast<int>(ConversionClause::kCount);
std::string_view clause_name(ConversionClause c);

}  // namespace arbiter
