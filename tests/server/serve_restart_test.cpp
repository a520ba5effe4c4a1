// `arbiter serve` killed with SIGKILL in the middle of a game and started again on the same
// database resumes every game where it was: the resolved turns, and a sealed move handed in
// before the kill.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

#include "tests/server/serve_fixture.hpp"

namespace arbiter::server::testing {
namespace {

/// build/arbiter serve on a free port, its port read from the line it prints at start.
class ServeProcess {
 public:
  explicit ServeProcess(const std::string& db) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      execl(ARBITER_BINARY, ARBITER_BINARY, "serve", "--port", "0", "--db", db.c_str(),
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    FILE* stream = fdopen(out[0], "r");
    char line[512] = {};
    const bool read = std::fgets(line, sizeof line, stream) != nullptr;
    std::fclose(stream);  // the server writes nothing more
    line_ = read ? line : "";
    const std::size_t colon = line_.rfind(':');
    if (colon != std::string::npos) port_ = std::atoi(line_.c_str() + colon + 1);
  }
  ~ServeProcess() { kill_now(); }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  void kill_now() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }

  httplib::Client client() const { return httplib::Client("127.0.0.1", port_); }
  int port() const { return port_; }
  const std::string& line() const { return line_; }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string line_;
};

int serve_post(const ServeProcess& p, const std::string& path, const std::string& token,
               const std::string& body, std::string* response = nullptr) {
  const httplib::Result r =
      p.client().Post(path, {{"Authorization", "Bearer " + token}}, body, "application/json");
  if (r && response) *response = r->body;
  return r ? r->status : -1;
}

std::string serve_get(const ServeProcess& p, const std::string& path, const std::string& token) {
  const httplib::Result r = p.client().Get(path, {{"Authorization", "Bearer " + token}});
  return r && r->status == 200 ? r->body : std::string();
}

TEST(ServeRestart, KillNineThenRestartResumesTheGameWithItsSealedMove) {
  const std::string db = serve_temp_db();
  ServeGame g;
  std::string before;
  {
    ServeProcess first(db);
    ASSERT_GT(first.port(), 0) << "arbiter serve printed: " << first.line();
    std::string created;
    ASSERT_EQ(serve_post(first, "/api/games", "", R"({"variant": "diplomacy"})", &created), 201);
    g = {serve_json_string(created, "id"),
         {serve_json_string(created, "white_token"), serve_json_string(created, "black_token")}};
    const std::string moves = "/api/games/" + g.id + "/moves";
    ASSERT_EQ(serve_post(first, moves, g.tokens[kWhite], R"({"move": "Nf3"})"), 202);
    ASSERT_EQ(serve_post(first, moves, g.tokens[kBlack], R"({"move": "Nc6"})"), 202);
    ASSERT_EQ(serve_post(first, moves, g.tokens[kWhite], R"({"move": "Nd4"})"), 202);
    before = serve_get(first, "/api/games/" + g.id, g.tokens[kWhite]);
    first.kill_now();  // SIGKILL: no chance to flush anything
  }
  ServeProcess second(db);
  ASSERT_GT(second.port(), 0) << "arbiter serve printed: " << second.line();
  EXPECT_NE(second.line().find("(1 games in"), std::string::npos) << second.line();
  const std::string after = serve_get(second, "/api/games/" + g.id, g.tokens[kWhite]);
  EXPECT_EQ(after, before) << "the game as White saw it before the kill";
  EXPECT_EQ(serve_json_string(after, "own_submission"), "Nd4");
  // The game goes on: Black's move resolves the turn sealed before the kill.
  std::string resolved;
  ASSERT_EQ(serve_post(second, "/api/games/" + g.id + "/moves", g.tokens[kBlack],
                       R"({"move": "Nd4"})", &resolved),
            202);
  EXPECT_NE(resolved.find(R"("clause":"same-destination")"), std::string::npos) << resolved;
  EXPECT_NE(serve_get(second, "/api/games/" + g.id + "/record", g.tokens[kBlack])
                .find("1. Nf3 Nc6\n2. Nd4 Nd4"),
            std::string::npos);
  second.kill_now();
  serve_remove_db(db);
}

}  // namespace
}  // namespace arbiter::server::testing
