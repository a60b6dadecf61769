# SPDX-License-Identifier: GPL-2.0
# arm64 with 64 KiB pages, in the shape of kunit.py's machines
# (tools/testing/kunit/qemu_configs/): its arm64 machine with
# CONFIG_ARM64_64K_PAGES, and -cpu max with the cheaper pointer
# authentication and two CPUs, which TCG boots in a quarter of the time.
# kunit.py builds and runs KUnit on it (--qemu_config), scripts/lib/qemu-boot
# boots the selftests on it.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='arm64',
			   kconfig='''
CONFIG_SERIAL_AMBA_PL010=y
CONFIG_SERIAL_AMBA_PL010_CONSOLE=y
CONFIG_SERIAL_AMBA_PL011=y
CONFIG_SERIAL_AMBA_PL011_CONSOLE=y
CONFIG_ARM64_64K_PAGES=y''',
			   qemu_arch='aarch64',
			   kernel_path='arch/arm64/boot/Image.gz',
			   kernel_command_line='console=ttyAMA0',
			   extra_qemu_params=['-machine', 'virt', '-cpu', 'max,pauth-impdef=on',
					      '-smp', '2'])
