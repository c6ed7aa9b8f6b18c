// tb/common/sim.h -- Sim<Top>: owns a VerilatedContext and the Verilated model `Top`
// (ports `clk` and `rst`, synchronous active-high reset), steps whole clock cycles and
// writes an FST waveform when --trace is given. The phase convention of step() is in
// core.h. One cycle = 10 time units (clk falls at 10c, rises at 10c+5).
//
// Tracing needs the model verilated with --trace-fst; the harness compiles either way
// (VM_TRACE_FST comes from Verilator's generated makefile) and only warns on --trace
// when the model has no tracing compiled in.
//
// Uninitialised state: build with --x-initial unique --x-assign unique (harness.mk);
// the Sim then sets randReset(2) with a seed derived from --seed, so registers the RTL
// forgets to reset start with seed-dependent random values instead of zeros.
#pragma once

#include <cstdio>
#include <filesystem>
#include <memory>

#include "core.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif

namespace tb {

template <class Top>
class Sim : public SimBase {
  std::unique_ptr<VerilatedContext> ctx_;  // declared before `top`: destroyed after it

 public:
  explicit Sim(Harness& harness) : SimBase(harness), ctx_(new VerilatedContext) {
    ctx_->fatalOnError(false);  // $stop / failed assertions are reported through Harness::fail
    ctx_->randReset(2);
    ctx_->randSeed(int(h.opt.seed % 2147483629u) + 1);
    if (h.opt.argv.size()) {
      std::vector<const char*> av;
      for (auto& a : h.opt.argv) av.push_back(a.c_str());
      ctx_->commandArgs(int(av.size()), av.data());  // +verilator+... plusargs
    }
#if VM_TRACE_FST
    if (h.opt.trace) ctx_->traceEverOn(true);
#endif
    top.reset(new Top(ctx_.get(), "TOP"));
    top->clk = 0;
    top->rst = 0;
#if VM_TRACE_FST
    if (h.opt.trace) {
      const std::string path = h.trace_path();
      std::error_code ec;
      auto dir = std::filesystem::path(path).parent_path();
      if (!dir.empty()) std::filesystem::create_directories(dir, ec);
      fst_.reset(new VerilatedFstC);
      top->trace(fst_.get(), 99);
      fst_->open(path.c_str());
      h.note("trace: %s\n", path.c_str());
    }
#else
    if (h.opt.trace)
      std::printf("warning: --trace ignored: the model was not verilated with --trace-fst\n");
#endif
  }

  ~Sim() override {
    top->final();
#if VM_TRACE_FST
    if (fst_) fst_->close();
#endif
  }

  std::unique_ptr<Top> top;  // the DUT: sim.top->s_req_valid, ...
  VerilatedContext* context() { return ctx_.get(); }

 protected:
  void set_clk(bool v) override { top->clk = v; }
  void set_rst(bool v) override { top->rst = v; }
  void eval_at(uint64_t t) override {
    ctx_->time(t);
    top->eval();
#if VM_TRACE_FST
    if (fst_) fst_->dump(t);
#endif
  }
  bool rtl_error() override { return ctx_->gotError() || ctx_->gotFinish(); }

 private:
#if VM_TRACE_FST
  std::unique_ptr<VerilatedFstC> fst_;
#endif
};

}  // namespace tb
