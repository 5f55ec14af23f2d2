// SHA-256 (FIPS 180-4), for the "SHA-256 checksum" line of javap -v.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace minijvm::javap {

std::array<uint8_t, 32> sha256(std::span<const uint8_t> data);
// The digest as 64 lowercase hex digits.
std::string sha256_hex(std::span<const uint8_t> data);

}  // namespace minijvm::javap
