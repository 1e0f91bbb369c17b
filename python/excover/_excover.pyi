# Type hints of the C core (python/src/excover_core.c, excover_puzzles.c).
# Options arrive as item numbers, primary items first; colors are None or
# one list per option (0: no color).
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

DLX_VERSION: str
HAVE_MEMO: int
HAVE_BOUNDS: int

class Solutions(Iterator[List[int]]):
    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> List[int]: ...
    def close(self) -> None: ...
    def __enter__(self) -> "Solutions": ...
    def __exit__(self, *args: Any) -> None: ...

def covers(n_primary: int, n_secondary: int,
           options: Sequence[Sequence[int]],
           colors: Optional[Sequence[Sequence[int]]],
           limit: int,
           bounds: Optional[Sequence[Tuple[int, int, int]]] = ...,
           prune: bool = ...) -> Solutions: ...
def count(n_primary: int, n_secondary: int,
          options: Sequence[Sequence[int]],
          colors: Optional[Sequence[Sequence[int]]], limit: int,
          memo: int = ...,
          bounds: Optional[Sequence[Tuple[int, int, int]]] = ...,
          prune: bool = ...) -> int: ...
def stats(n_primary: int, n_secondary: int,
          options: Sequence[Sequence[int]],
          colors: Optional[Sequence[Sequence[int]]], limit: int,
          memo: int = ...,
          bounds: Optional[Sequence[Tuple[int, int, int]]] = ...,
          prune: bool = ...) -> Dict[str, Union[int, str]]: ...
def best(n_primary: int, n_secondary: int,
         options: Sequence[Sequence[int]],
         colors: Optional[Sequence[Sequence[int]]],
         bounds: Optional[Sequence[Tuple[int, int, int]]],
         costs: Optional[Sequence[int]], k: int
         ) -> List[Tuple[int, List[int]]]: ...
def count_value(hi: int, lo: int) -> int: ...

def sudoku_solve(text: Union[str, bytes], limit: int = ...,
                 box: Optional[str] = ..., x: bool = ...,
                 prune: bool = ...) -> Optional[str]: ...
def sudoku_count(text: Union[str, bytes], limit: int = ...,
                 box: Optional[str] = ..., x: bool = ...,
                 prune: bool = ...) -> int: ...
def sudoku_stats(text: Union[str, bytes], limit: int = ...,
                 box: Optional[str] = ..., x: bool = ...,
                 prune: bool = ...) -> Dict[str, Union[int, bool]]: ...
def sudoku_rate(text: Union[str, bytes], box: Optional[str] = ...,
                x: bool = ...) -> Dict[str, Any]: ...
def sudoku_generate(seed: int, size: int = ..., box: Optional[str] = ...,
                    symmetry: str = ..., givens: int = ...,
                    solution: bool = ..., difficulty: Optional[str] = ...
                    ) -> Union[str, Tuple[str, str]]: ...
def mathdoku_solve(text: Union[str, bytes], limit: int = ...,
                   nary: bool = ...) -> Optional[str]: ...
def mathdoku_count(text: Union[str, bytes], limit: int = ...,
                   nary: bool = ...) -> int: ...
def mathdoku_generate(seed: int, size: int = ..., ops: Optional[str] = ...,
                      layout: str = ...,
                      solution: bool = ...) -> Union[str, Tuple[str, str]]: ...
