#include "server/snapshot_reader.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

namespace arbiter::server {

struct SnapshotReader::Node {
  nlohmann::json value;
};

namespace {

const nlohmann::json& field_of(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end())
    throw std::runtime_error(std::string("snapshot: no field \"") + key + "\"");
  return *it;
}

}  // namespace

SnapshotReader::SnapshotReader(std::string_view json) {
  auto root = std::make_shared<Node>();
  try {
    root->value = nlohmann::json::parse(json);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("snapshot: ") + e.what());
  }
  if (!root->value.is_object()) throw std::runtime_error("snapshot: not a JSON object");
  at_ = root.get();
  root_ = std::move(root);
}

SnapshotReader::SnapshotReader(std::shared_ptr<const void> root, const Node* at)
    : root_(std::move(root)), at_(at) {}
SnapshotReader::~SnapshotReader() = default;
SnapshotReader::SnapshotReader(const SnapshotReader&) = default;

bool SnapshotReader::has(const char* key) const {
  return at_->value.contains(key);
}

std::string SnapshotReader::text(const char* key) const {
  const nlohmann::json& v = field_of(at_->value, key);
  if (!v.is_string()) throw std::runtime_error(std::string("snapshot: \"") + key + "\": no string");
  return v.get<std::string>();
}

std::int64_t SnapshotReader::number(const char* key) const {
  const nlohmann::json& v = field_of(at_->value, key);
  if (!v.is_number_integer())
    throw std::runtime_error(std::string("snapshot: \"") + key + "\": no whole number");
  return v.get<std::int64_t>();
}

SnapshotReader SnapshotReader::object(const char* key) const {
  const nlohmann::json& v = field_of(at_->value, key);
  if (!v.is_object()) throw std::runtime_error(std::string("snapshot: \"") + key + "\": no object");
  auto node = std::make_shared<Node>(Node{v});  // a copy of its own, as list() makes
  const Node* at = node.get();
  return SnapshotReader(std::move(node), at);
}

std::vector<SnapshotReader> SnapshotReader::list(const char* key) const {
  const nlohmann::json& v = field_of(at_->value, key);
  if (!v.is_array()) throw std::runtime_error(std::string("snapshot: \"") + key + "\": no array");
  std::vector<SnapshotReader> out;
  // Each element is wrapped in a Node of its own that the root keeps alive.
  auto nodes = std::make_shared<std::vector<Node>>();
  nodes->reserve(v.size());
  for (const nlohmann::json& e : v) {
    if (!e.is_object())
      throw std::runtime_error(std::string("snapshot: \"") + key + "\": an element is no object");
    nodes->push_back(Node{e});
  }
  for (const Node& n : *nodes) out.push_back(SnapshotReader(nodes, &n));
  return out;
}

std::vector<std::string> SnapshotReader::texts(const char* key) const {
  const nlohmann::json& v = field_of(at_->value, key);
  if (!v.is_array()) throw std::runtime_error(std::string("snapshot: \"") + key + "\": no array");
  std::vector<std::string> out;
  for (const nlohmann::json& e : v) {
    if (!e.is_string())
      throw std::runtime_error(std::string("snapshot: \"") + key + "\": an element is no string");
    out.push_back(e.get<std::string>());
  }
  return out;
}

}  // namespace arbiter::server
