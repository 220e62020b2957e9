//! The maximal sampler's gap filling (see [`super::maximal`]): hierarchical dart throwing over
//! the grid squares no disk covers yet, on the Roberts sampler's own grid and draws, until no
//! point fits anywhere on the map.

use crate::classic::bridson::Sampler;

/// The hierarchical dart throwing of [`super::Method::Maximal`] stops splitting a square once
/// its side is below `r · MIN_SQUARE`; it then tests the square's corners and centre directly
/// and drops it. Free spots smaller than this only arise from coincidences at the scale of
/// rounding.
pub const MIN_SQUARE: f64 = 1e-9;

/// One square of the gap-filling list: its corner and side (it may stick out of the map; the
/// covered test and the darts clip it).
#[derive(Debug, Clone, Copy)]
struct Square {
    x: f64,
    y: f64,
    side: f64,
}

/// Where the gap filling stands, and what it has done.
#[derive(Debug)]
pub(super) struct Gaps {
    state: State,
    /// Pieces done (for the progress) and points tried (for the candidate count).
    pieces: u64,
    tried: u64,
}

#[derive(Debug)]
enum State {
    /// The Roberts steps are still running.
    Waiting,
    /// Listing the grid's uncovered squares, row by row: `next` is the next cell.
    Listing { next: usize, squares: Vec<Square> },
    /// A round's darts, `left` of them still to throw.
    Darts { squares: Vec<Square>, left: usize },
    /// Splitting the round's squares: `at` is the next one, `next` the following round's list.
    Splitting {
        squares: Vec<Square>,
        at: usize,
        next: Vec<Square>,
    },
    /// Every square is covered.
    Done,
}

impl Gaps {
    pub(super) fn new() -> Self {
        Self {
            state: State::Waiting,
            pieces: 0,
            tried: 0,
        }
    }

    /// True until the first piece: the Roberts steps are still running.
    pub(super) fn waiting(&self) -> bool {
        matches!(self.state, State::Waiting)
    }

    /// Pieces done so far.
    pub(super) fn pieces(&self) -> u64 {
        self.pieces
    }

    /// Points tried so far (darts, and the corners and centres of the smallest squares).
    pub(super) fn tried(&self) -> u64 {
        self.tried
    }

    /// Up to `pieces` pieces on `s`, whose steps are over; true once no square is left.
    pub(super) fn run(&mut self, s: &mut Sampler, pieces: u32) -> bool {
        (0..pieces).any(|_| self.step(s))
    }

    /// Tries a point, counting it.
    fn try_add(&mut self, s: &mut Sampler, x: f64, y: f64) {
        self.tried += 1;
        s.try_add(x, y);
    }

    /// One cell listed, one dart thrown or one square split; true once no square is left.
    fn step(&mut self, s: &mut Sampler) -> bool {
        self.pieces += 1;
        match &mut self.state {
            State::Waiting => {
                self.state = State::Listing {
                    next: 0,
                    squares: Vec::new(),
                };
            }
            State::Listing { next, squares } => {
                let grid = s.grid();
                let (cols, cell) = (grid.cols(), grid.cell());
                let (row, col) = (*next / cols, *next % cols);
                let q = Square {
                    x: col as f64 * cell,
                    y: row as f64 * cell,
                    side: cell,
                };
                if !covered(s, q) {
                    squares.push(q);
                }
                *next += 1;
                if *next == cols * grid.rows() {
                    let squares = std::mem::take(squares);
                    self.round(squares);
                }
            }
            State::Darts { squares, left } => {
                let (width, height) = (s.grid().width(), s.grid().height());
                let i = (s.draw() * squares.len() as f64) as usize;
                let q = squares[i];
                let x = q.x + s.draw() * q.side.min(width - q.x);
                let y = q.y + s.draw() * q.side.min(height - q.y);
                *left -= 1;
                if *left == 0 {
                    let squares = std::mem::take(squares);
                    let next = Vec::with_capacity(squares.len() * 2);
                    self.state = State::Splitting {
                        squares,
                        at: 0,
                        next,
                    };
                }
                self.try_add(s, x, y);
                return false;
            }
            State::Splitting { squares, at, next } => {
                let q = squares[*at];
                *at += 1;
                let last = *at == squares.len();
                let mut round = std::mem::take(next);
                self.split(s, q, &mut round);
                match &mut self.state {
                    State::Splitting { next, .. } if !last => *next = round,
                    _ => self.round(round),
                }
            }
            State::Done => return true,
        }
        matches!(self.state, State::Done)
    }

    /// Starts a round of darts over `squares`, or ends when there are none.
    fn round(&mut self, squares: Vec<Square>) {
        self.state = if squares.is_empty() {
            State::Done
        } else {
            State::Darts {
                left: squares.len(),
                squares,
            }
        };
    }

    /// The split of one square: dropped when covered; too small to split, its corners and
    /// centre tried as points; else its uncovered quarters on the map go to `next`.
    fn split(&mut self, s: &mut Sampler, q: Square, next: &mut Vec<Square>) {
        if covered(s, q) {
            return;
        }
        let half = q.side / 2.0;
        if half < s.radius() * MIN_SQUARE {
            for (x, y) in [
                (q.x, q.y),
                (q.x + q.side, q.y),
                (q.x, q.y + q.side),
                (q.x + q.side, q.y + q.side),
                (q.x + half, q.y + half),
            ] {
                self.try_add(s, x, y);
            }
            return;
        }
        let (width, height) = (s.grid().width(), s.grid().height());
        for (dx, dy) in [(0.0, 0.0), (half, 0.0), (0.0, half), (half, half)] {
            let quarter = Square {
                x: q.x + dx,
                y: q.y + dy,
                side: half,
            };
            if quarter.x < width && quarter.y < height && !covered(s, quarter) {
                next.push(quarter);
            }
        }
    }
}

/// Whether one point's disk (radius r, strictly) holds all four corners of `q`, clipped to the
/// map: a disk is convex, so it then holds the whole square and no point can stand there.
fn covered(s: &Sampler, q: Square) -> bool {
    let grid = s.grid();
    let (x0, y0) = (q.x, q.y);
    let (x1, y1) = (
        (q.x + q.side).min(grid.width()),
        (q.y + q.side).min(grid.height()),
    );
    let r = s.radius();
    let r2 = r * r;
    let inside = |x: f64, y: f64, px: f64, py: f64| {
        let (dx, dy) = (px - x, py - y);
        dx * dx + dy * dy < r2
    };
    grid.any_in((x0 - r, y0 - r), (x1 + r, y1 + r), |_, p| {
        inside(x0, y0, p.x, p.y)
            && inside(x1, y0, p.x, p.y)
            && inside(x0, y1, p.x, p.y)
            && inside(x1, y1, p.x, p.y)
    })
}
