// tb/common/pcap.h -- pcap input and output for the lockstep harness, through libpcap
// (link with -lpcap). Packets are Ethernet frames without FCS (LINKTYPE_ETHERNET); the
// capture timestamp of a packet the harness writes is its cycle number in microseconds
// (cycle c -> c us), so Wireshark's time column reads as cycles.
#pragma once

#include <pcap/pcap.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace tb {

class PcapWriter {
 public:
  PcapWriter() = default;
  explicit PcapWriter(const std::string& path) { open(path); }
  ~PcapWriter() { close(); }
  PcapWriter(const PcapWriter&) = delete;
  PcapWriter& operator=(const PcapWriter&) = delete;

  void open(const std::string& path) {  // throws std::runtime_error on failure
    close();
    dead_ = pcap_open_dead(DLT_EN10MB, 65535);
    if (!dead_) throw std::runtime_error("pcap_open_dead failed");
    dump_ = pcap_dump_open(dead_, path.c_str());
    if (!dump_) throw std::runtime_error("pcap_dump_open " + path + ": " + pcap_geterr(dead_));
  }
  bool is_open() const { return dump_ != nullptr; }
  void write(const std::vector<uint8_t>& pkt, uint64_t cycle) {
    if (!dump_) return;
    pcap_pkthdr h{};
    h.ts.tv_sec = long(cycle / 1000000u);
    h.ts.tv_usec = long(cycle % 1000000u);
    h.caplen = h.len = bpf_u_int32(pkt.size());
    pcap_dump(reinterpret_cast<u_char*>(dump_), &h, pkt.data());
    n++;
  }
  void close() {
    if (dump_) pcap_dump_close(dump_);
    if (dead_) pcap_close(dead_);
    dump_ = nullptr, dead_ = nullptr;
  }
  uint64_t n = 0;  // packets written

 private:
  pcap_t* dead_ = nullptr;
  pcap_dumper_t* dump_ = nullptr;
};

// Reads every packet of a capture file (any link type libpcap reads; the caller checks
// that it is Ethernet with linktype()). Throws std::runtime_error on failure.
inline std::vector<std::vector<uint8_t>> pcap_read_all(const std::string& path, int* linktype = nullptr) {
  char err[PCAP_ERRBUF_SIZE];
  pcap_t* p = pcap_open_offline(path.c_str(), err);
  if (!p) throw std::runtime_error("pcap_open_offline " + path + ": " + err);
  if (linktype) *linktype = pcap_datalink(p);
  std::vector<std::vector<uint8_t>> out;
  pcap_pkthdr* h;
  const u_char* d;
  int rc;
  while ((rc = pcap_next_ex(p, &h, &d)) == 1) out.emplace_back(d, d + h->caplen);
  std::string e = rc == -1 ? pcap_geterr(p) : "";
  pcap_close(p);
  if (rc == -1) throw std::runtime_error("pcap_next_ex " + path + ": " + e);
  return out;
}

}  // namespace tb
