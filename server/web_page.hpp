// The page `arbiter serve` hands out (server/web/index.html), embedded at build time by
// cmake/EmbedWeb.cmake so that the binary needs no file beside it and no CDN.
#pragma once

#include <string_view>

namespace arbiter::server {

std::string_view web_page();

}  // namespace arbiter::server
