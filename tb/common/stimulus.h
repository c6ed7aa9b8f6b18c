// tb/common/stimulus.h -- stimulus that reaches the corners: per-port backpressure profiles.
// Header only.
//
// A profile is drawn once per run (per Sim) and applied to the port agents with
// Agent::profile(p_stall, p_burst, burst_min, burst_max) (core.h):
//   uniform      every port keeps --stall (the classic random backpressure)
//   independent  sources unthrottled (stall 0); every sink its own ready probability,
//                drawn from {0, 0.05, 0.2, 0.5, 0.8, 0.95}
//   bursty       sources unthrottled; sinks as `independent`, and each chosen sink (at least
//                one) also gets ready-low bursts of burst_min..burst_max cycles, starting with
//                probability 1/(4 * burst_max) per cycle: queues fill up and the stalled-output
//                paths run while the sources keep pushing
//   stop         sources unthrottled; one sink held ready-low in long bursts (4 x burst_max),
//                the others free-running: back-pressure of one output on shared resources
// The kind comes from --bp NAME, or else from the seed (seed mod 4), so 20 seeds run each
// kind 5 times. --stall 0 (--no-stall, benchmarks) keeps every port unthrottled.
//
//   const tb::Bp bp = tb::bp_kind(h);
//   std::string d = tb::apply_backpressure(h, bp, {&mfab, &mloc, &ocpl}, {&fab, &loc});
//   h.cover("bp_" + tb::bp_name(bp));    // coverage: every profile ran
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core.h"

namespace tb {

enum class Bp { uniform, independent, bursty, stop };

inline std::string bp_name(Bp b) {
  switch (b) {
    case Bp::uniform: return "uniform";
    case Bp::independent: return "independent";
    case Bp::bursty: return "bursty";
    default: return "stop";
  }
}

// --bp NAME, else seed mod 4.
inline Bp bp_kind(const Harness& h) {
  const std::string s = h.opt.get("bp");
  for (Bp b : {Bp::uniform, Bp::independent, Bp::bursty, Bp::stop})
    if (s == bp_name(b)) return b;
  if (!s.empty()) std::fprintf(stderr, "warning: unknown --bp %s, using the seed's profile\n", s.c_str());
  return Bp(h.opt.seed % 4);
}

// Applies profile `b` to the sinks and sources; returns a one-line description.
inline std::string apply_backpressure(Harness& h, Bp b, const std::vector<Agent*>& sinks,
                                      const std::vector<Agent*>& sources, uint32_t burst_min = 50,
                                      uint32_t burst_max = 2000) {
  if (h.opt.stall == 0.0 || b == Bp::uniform) return "backpressure uniform (stall " + std::to_string(h.opt.stall) + ")";
  Rng& r = h.rng;
  static const double ps[] = {0.0, 0.05, 0.2, 0.5, 0.8, 0.95};
  for (Agent* a : sources) a->profile(0.0);
  std::string d = "backpressure " + bp_name(b) + ":";
  size_t hold = sinks.empty() ? 0 : size_t(r.below(sinks.size()));
  std::vector<bool> burst(sinks.size(), false);
  if (b == Bp::bursty) {
    for (size_t i = 0; i < sinks.size(); i++) burst[i] = r.chance(0.5);
    if (!sinks.empty()) burst[hold] = true;
  }
  for (size_t i = 0; i < sinks.size(); i++) {
    Agent* a = sinks[i];
    const double p = ps[r.below(6)];
    char buf[160];
    if (b == Bp::stop && i == hold) {
      a->profile(0.05, 1.0 / (4.0 * burst_max), 2 * burst_max, 4 * burst_max);
      std::snprintf(buf, sizeof buf, " %s=hold(%u..%u)", a->name().c_str(), 2 * burst_max, 4 * burst_max);
    } else if (burst[i]) {
      a->profile(p, 1.0 / (4.0 * burst_max), burst_min, burst_max);
      std::snprintf(buf, sizeof buf, " %s=%.2f+bursts(%u..%u)", a->name().c_str(), p, burst_min, burst_max);
    } else {
      a->profile(b == Bp::stop ? 0.0 : p);
      std::snprintf(buf, sizeof buf, " %s=%.2f", a->name().c_str(), b == Bp::stop ? 0.0 : p);
    }
    d += buf;
  }
  return d;
}

}  // namespace tb
