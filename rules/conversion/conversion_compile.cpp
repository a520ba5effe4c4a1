// Compiles [effects.conversion] into the pairs the co-effect reads (ConversionRules).
#include <algorithm>

#include "rules/conversion/conversion.hpp"

namespace arbiter {

ConversionRules compile_conversion(const Variant& v, const ConversionKnobs& knobs) {
  ConversionRules cr;
  cr.knobs = &knobs;
  const RuleTable& t = v.table();
  if (!t.conversion) return cr;
  cr.enabled = true;
  const ConversionDef& def = *t.conversion;
  for (int a = 0; a < v.piece_count(); ++a) {
    const char la = v.piece(static_cast<PieceType>(a)).letter;
    if (std::find(def.unpaired.begin(), def.unpaired.end(), la) == def.unpaired.end())
      cr.partners[a] |= static_cast<PieceTypeMask>(1U << a);
  }
  for (const auto& [x, y] : def.cross_pairs) {
    const PieceType a = v.type_of_letter(x), b = v.type_of_letter(y);
    if (a == kNoPiece || b == kNoPiece) continue;
    cr.partners[a] |= static_cast<PieceTypeMask>(1U << b);
    cr.partners[b] |= static_cast<PieceTypeMask>(1U << a);
  }
  for (int a = 0; a < v.piece_count(); ++a)
    if (cr.partners[a]) cr.paired |= static_cast<PieceTypeMask>(cr.partners[a] | (1U << a));
  return cr;
}

}  // namespace arbiter
