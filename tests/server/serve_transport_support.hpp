// A raw connection to a served monitor, for requests httplib's client will not send: the
// hostile tests' malformed requests and the transport tests' requests sent a byte at a time,
// streams opened and never read, connections left silent.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <string>

namespace arbiter::server::testing {

class RawSocket {
 public:
  explicit RawSocket(int port) : fd_(socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  }
  ~RawSocket() { close(fd_); }
  RawSocket(const RawSocket&) = delete;
  RawSocket& operator=(const RawSocket&) = delete;

  bool connected() const { return connected_; }
  bool send_text(const std::string& text) {
    return ::send(fd_, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
  }
  /// Whether the server has written something within `ms` milliseconds.
  bool answered_within(int ms) {
    pollfd p{fd_, POLLIN, 0};
    return poll(&p, 1, ms) > 0;
  }
  /// What the server writes until one whole answer (head and Content-Length bytes) is in, or
  /// 2 s pass without more.
  std::string read_answer() {
    std::string out;
    char buffer[4096];
    while (answered_within(2000)) {
      const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) break;
      out.append(buffer, static_cast<std::size_t>(n));
      const std::size_t head = out.find("\r\n\r\n");
      const std::size_t length = out.find("Content-Length: ");
      if (head != std::string::npos && length != std::string::npos &&
          out.size() >= head + 4 + std::stoul(out.substr(length + 16)))
        break;
    }
    return out;
  }
  /// What the server wrote until it holds `until`, or `ms` milliseconds of silence pass.
  std::string read_until(const std::string& until, int ms) {
    std::string out;
    char buffer[4096];
    pollfd p{fd_, POLLIN, 0};
    while (out.find(until) == std::string::npos && poll(&p, 1, ms) > 0) {
      const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) break;
      out.append(buffer, static_cast<std::size_t>(n));
    }
    return out;
  }
  /// What the server wrote within `ms` milliseconds of silence (stops at the first pause);
  /// `closed` tells whether the server closed the connection.
  std::string read_for(int ms, bool* closed = nullptr) {
    std::string out;
    char buffer[4096];
    if (closed) *closed = false;
    pollfd p{fd_, POLLIN, 0};
    while (poll(&p, 1, ms) > 0) {
      const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
      if (n <= 0) {
        if (closed) *closed = true;
        break;
      }
      out.append(buffer, static_cast<std::size_t>(n));
    }
    return out;
  }

 private:
  int fd_;
  bool connected_ = false;
};

/// The request line and headers of GET /api/games/ID/events with `token`.
inline std::string transport_events_request(const std::string& id, const std::string& token) {
  return "GET /api/games/" + id + "/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
         "\r\n\r\n";
}

}  // namespace arbiter::server::testing
