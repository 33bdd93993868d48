// How one file names another: `inherits:` in run configs and rule files, a
// lab's `training.config`. Resolved here, one way for all of them, so that a
// file means the same wherever the command is run from: a relative name is
// looked for beside the file that writes it before the current folder.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace inchzero {

// The regular file that `name`, written inside the file `from`, means; ""
// when there is none (the caller then tries its embedded names or says the
// file is missing). A relative name is tried in `from`'s folder first, then
// in the current folder; `from` empty (a name given on the command line)
// means the current folder only; an absolute name is itself. `suffix` (e.g.
// ".yaml") is also tried after a name that does not end with it, in each
// folder. With `skip_itself`, used where a name falls back to an embedded
// file, `from` is passed over: my/invector.yaml with `inherits: invector`
// means the embedded invector config, not itself (without it, such a name
// is found, and the chain below reports the cycle). The file system's
// refusals (a name too long, a folder that cannot be entered) count as "no
// file", never as an exception.
enum class SelfReference { kSkip, kFind };
std::string find_named_file(const std::string& name, const std::string& from,
                            const std::string& suffix, SelfReference self);

// What decides that two sources of a chain are one: a file's canonical path
// (one file reached as "a.yaml" and "./a.yaml" is one), else the text itself
// (an embedded source's name).
std::string source_identity(const std::string& source);

// The sources of an `inherits:` chain being resolved, outermost first. Each
// source is entered by the text messages name it with (a path, "embedded
// inchworm.yaml", "rule set 'menke'") and the identity that decides a
// repeat. Copied along a recursion, so siblings do not see each other.
class InheritanceChain {
 public:
  // More sources than this in one chain is refused: a chain this long is a
  // mistake, and the bound keeps a generated chain from exhausting the stack.
  static constexpr size_t kMaxLength = 16;

  // Adds a source. Throws GameError naming the chain from its first source:
  // "<first>: an `inherits:` cycle: a.yaml -> b.yaml -> a.yaml" when
  // `identity` is already in the chain, "<first>: `inherits:` chains more
  // than 16 files: ..." when it is full.
  void enter(const std::string& source, const std::string& identity);

 private:
  // "a -> b -> last".
  std::string text_to(const std::string& last) const;

  std::vector<std::pair<std::string, std::string>> sources_;  // (text, identity)
};

}  // namespace inchzero
