"""Build of the C core through cffi; all metadata lives in pyproject.toml."""

from setuptools import setup

setup(cffi_modules=["csrc/build_ffi.py:ffibuilder"])
