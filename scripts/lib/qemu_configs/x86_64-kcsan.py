# SPDX-License-Identifier: GPL-2.0
# x86_64 with KCSAN, the kernel's data race detector, at its defaults, in
# the shape of kunit.py's machines (tools/testing/kunit/qemu_configs/): its
# x86_64 machine with CONFIG_KCSAN (which needs CONFIG_DEBUG_KERNEL), and
# two CPUs (CONFIG_SMP, -smp 2), without which no two tasks run at once.
# kunit.py builds and runs KUnit on it (--qemu_config), scripts/lib/qemu-boot
# boots the selftests on it.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='x86_64',
			   kconfig='''
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
CONFIG_SMP=y
CONFIG_DEBUG_KERNEL=y
CONFIG_KCSAN=y''',
			   qemu_arch='x86_64',
			   kernel_path='arch/x86/boot/bzImage',
			   kernel_command_line='console=ttyS0',
			   extra_qemu_params=['-bios', 'qboot.rom', '-smp', '2'])
