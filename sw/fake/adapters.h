/*
 * adapters.h - plug the fake CUDA API (fakep2p) and the module core (gb_core, in-process) into
 * the user library's interfaces (gpureg.h) for tests and the CLI without a GPU.
 * Source: note 004 §5.1(c).
 */
#ifndef GB_ADAPTERS_H
#define GB_ADAPTERS_H

#include "gpureg.h"
#include "gb_core.h"

extern const struct gr_cuda_ops fk_cuda_ops;    /* user pointer unused (NULL) */
extern const struct gr_pin_ops gb_core_pin_ops; /* user pointer: struct gb_ctx * */

#endif
