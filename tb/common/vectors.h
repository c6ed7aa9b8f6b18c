// tb/common/vectors.h -- Icarus vector files (--vectors DIR): the bit-vector writer and the
// vector-recording agent shared by every lockstep testbench. Header only.
//
// A replay bench (tb/<block>/<top>_replay.v) reads one hex line per cycle of the DUT's input
// pins (stim.hex, written in drive(), after every port has driven its pins) and compares the
// DUT's settled handshake outputs against outs.hex (written in sample(), before the rising
// edge); output transactions and register reads the C model expects go to exp_*.hex files
// written by the testbench's callbacks.
//
//   std::unique_ptr<std::ofstream> stim = tb::vec_file(dir, "stim.hex"), outs = tb::vec_file(dir, "outs.hex");
//   vec.reset(new tb::VecAgent(sim, *stim, *outs,
//       [this](tb::BitVec& v) { v.add(top->rst, 1), v.add(top->s_req_valid, 1), ...; },     // inputs
//       [this](tb::BitVec& v) { v.add(top->s_req_ready, 1), v.add(top->m_rel_valid, 1), ...; }));  // outputs
//   // construct it after every port agent; reset it before the streams are closed
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core.h"

namespace tb {

// BitVec: fields appended most significant first; hex() pads the front to whole nibbles
// (so a vector of W bits reads as $readmemh / $fscanf("%h") of a [W-1:0] register).
struct BitVec {
  std::vector<bool> b;  // b[0] = most significant bit
  BitVec& add(uint64_t v, unsigned w) {  // the low w bits of v (bits above 64 are 0)
    for (int i = int(w) - 1; i >= 0; i--) b.push_back(i < 64 && ((v >> i) & 1));
    return *this;
  }
  BitVec& add(const Sig& s) {  // a whole port or slice of any width
    const unsigned w = s.width();
    const unsigned top = w % 64 ? w - w % 64 : w - 64;
    for (int lsb = int(top); lsb >= 0; lsb -= 64) {
      const unsigned n = std::min(64u, w - unsigned(lsb));
      add(s.get(unsigned(lsb), n), n);
    }
    return *this;
  }
  BitVec& add_bytes(const std::vector<uint8_t>& by, unsigned nbytes) {  // little-endian bus value
    for (int i = int(nbytes) - 1; i >= 0; i--) add(size_t(i) < by.size() ? by[size_t(i)] : 0, 8);
    return *this;
  }
  std::string hex() const {
    std::string s;
    const size_t pad = (4 - b.size() % 4) % 4;
    unsigned nib = 0, n = unsigned(pad);
    for (bool x : b) {
      nib = (nib << 1) | (x ? 1u : 0u);
      if (++n == 4) s += "0123456789abcdef"[nib], nib = 0, n = 0;
    }
    return s;
  }
};

// Opens DIR/NAME for writing (creating DIR).
inline std::unique_ptr<std::ofstream> vec_file(const std::string& dir, const std::string& name) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return std::unique_ptr<std::ofstream>(new std::ofstream(dir + "/" + name));
}

// VecAgent: one line of input pins per cycle (drive phase) and one line of settled output
// pins per cycle (sample phase). Construct it after every port agent.
class VecAgent : public Agent {
 public:
  using Fill = std::function<void(BitVec&)>;
  VecAgent(SimBase& sim, std::ostream& stim, std::ostream& outs, Fill inputs, Fill outputs)
      : Agent(sim, "vectors", Role::other), stim_(stim), outs_(outs), in_(std::move(inputs)),
        out_(std::move(outputs)) {}

 protected:
  void drive() override {
    BitVec v;
    in_(v);
    stim_ << v.hex() << "\n";
  }
  void sample() override {
    BitVec v;
    out_(v);
    outs_ << v.hex() << "\n";
  }

 private:
  std::ostream &stim_, &outs_;
  Fill in_, out_;
};

}  // namespace tb
