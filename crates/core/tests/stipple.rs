//! Stippling and masks: the spacing follows the picture, masks hold, and bad input is refused.

use poisson_live::layers::{place_layers, Layer};
use poisson_live::metrics::radius_violations;
use poisson_live::stipple::{
    ink_seed, mask_from_image, masked_poisson, masked_sampler, stipple, stipple_colour, Channels,
    Ink, Mode, Picture, StippleImage, StippleParams, Stippling, Tone,
};
use poisson_live::{Error, Job, Point};

mod job_check;
use job_check::{assert_zero_budget_does_nothing, run_in_slices, UNEVEN};

/// The stipple parameters, in the order the lab lists them.
fn p(min_radius: f64, max_radius: f64, k: u32, seed: i32, gamma: Option<f64>) -> StippleParams {
    StippleParams {
        min_radius,
        max_radius,
        gamma,
        k,
        seed,
    }
}

mod common;
use common::assert_spaced;

/// A grey ramp: black on the left edge, white on the right.
fn ramp(width: usize, height: usize) -> StippleImage {
    let mut bytes = Vec::with_capacity(width * height);
    for _ in 0..height {
        for x in 0..width {
            bytes.push((255 * x / (width - 1)) as u8);
        }
    }
    StippleImage::gray(width, height, bytes).unwrap()
}

fn mean_radius(points: &[Point], keep: impl Fn(&Point) -> bool) -> f64 {
    let chosen: Vec<f64> = points.iter().filter(|p| keep(p)).map(|p| p.r).collect();
    assert!(!chosen.is_empty());
    chosen.iter().sum::<f64>() / chosen.len() as f64
}

/// No pair closer than the smaller of its radii, checked pair by pair and by the audit.
fn assert_spacing(points: &[Point]) {
    assert_spaced(points);
    assert!(radius_violations(points).is_empty());
}

#[test]
fn spacing_follows_brightness() {
    let image = ramp(400, 200);
    let dots = stipple(&image, p(2.0, 14.0, 30, 123456, None)).unwrap();
    assert_spacing(&dots);
    let dark = mean_radius(&dots, |p| p.x < 100.0);
    let bright = mean_radius(&dots, |p| p.x >= 300.0);
    assert!(dark < bright, "dark {dark} vs bright {bright}");
    let dark_count = dots.iter().filter(|p| p.x < 100.0).count();
    let bright_count = dots.iter().filter(|p| p.x >= 300.0).count();
    assert!(
        dark_count > 4 * bright_count,
        "dots crowd where it is dark: {dark_count} vs {bright_count}"
    );
    // Each dot's radius is the tone curve at the picture's brightness there.
    let tone = Tone::new(2.0, 14.0, None).unwrap();
    for p in &dots {
        assert_eq!(p.r, tone.radius(image.brightness_at(p.x, p.y)));
        assert!((2.0..=14.0).contains(&p.r));
    }
}

#[test]
fn every_built_in_picture_stipples_and_keeps_the_smaller_radius_rule() {
    for picture in Picture::ALL {
        assert_eq!(Picture::from_name(picture.name()).unwrap(), picture);
        let image = picture.render(300, 180).unwrap();
        assert_eq!(image.channels(), Channels::Rgb);
        assert_eq!(image.bytes().len(), 300 * 180 * 3);
        let dots = stipple(&image, p(3.0, 12.0, 30, 7, None)).unwrap();
        assert!(dots.len() > 100, "{}: {}", picture.name(), dots.len());
        assert_spacing(&dots);
    }
    assert_eq!(Picture::from_name("moon"), None);
    let names: Vec<_> = Picture::ALL.into_iter().map(Picture::name).collect();
    assert_eq!(names, ["sphere", "gradient", "tree", "rings"]);
}

#[test]
fn the_sphere_is_darker_below_than_in_its_highlight() {
    let image = Picture::Sphere.render(360, 200).unwrap();
    // The highlight (upper left of the ball) is bright, the lower right of the ball dark.
    assert!(image.brightness_at(150.0, 60.0) > 0.6);
    assert!(image.brightness_at(215.0, 140.0) < 0.25);
    let dots = stipple(&image, p(2.0, 12.0, 30, 123456, None)).unwrap();
    let near = |p: &Point, x: f64, y: f64| (p.x - x).hypot(p.y - y) < 15.0;
    let lit = mean_radius(&dots, |p| near(p, 150.0, 60.0));
    let shade = mean_radius(&dots, |p| near(p, 215.0, 140.0));
    assert!(shade < lit, "shade {shade} vs lit {lit}");
}

#[test]
fn the_same_seed_gives_the_same_stipple_one_call_or_sliced() {
    let image = Picture::Tree.render(240, 160).unwrap();
    let a = stipple(&image, p(2.0, 10.0, 30, 99, Some(1.5))).unwrap();
    let b = stipple(&image, p(2.0, 10.0, 30, 99, Some(1.5))).unwrap();
    assert_eq!(a, b);
    assert_ne!(
        a,
        stipple(&image, p(2.0, 10.0, 30, 100, Some(1.5))).unwrap()
    );
    // Rendering is deterministic too.
    assert_eq!(image, Picture::Tree.render(240, 160).unwrap());
    // Stepping in slices gives the one-call result.
    let mut s = Stippling::mono(&image, p(2.0, 10.0, 30, 99, Some(1.5))).unwrap();
    while !s.run(37).unwrap() {}
    assert_eq!(s.points(0), &a[..]);
    assert_eq!(s.mode(), Mode::Mono);
}

#[test]
fn gamma_moves_the_mid_tones() {
    let tone = |g| Tone::new(2.0, 10.0, g).unwrap();
    assert_eq!(tone(None).gamma(), 1.0);
    // The dots per area (1 / r²) follow the darkness: mid grey gets about half of black's.
    let m: f64 = 0.04; // (2 / 10)²
    assert_eq!(tone(None).radius(0.5), 2.0 / (m + (1.0 - m) * 0.5).sqrt());
    let per_area = |b: f64| 1.0 / (tone(None).radius(b) * tone(None).radius(b));
    assert!((per_area(0.5) / per_area(0.0) - 0.52).abs() < 1e-12);
    assert!(tone(None).radius(0.25) < tone(None).radius(0.5));
    assert_eq!(tone(Some(2.0)).curve(0.5), 0.25);
    assert!(tone(Some(2.0)).radius(0.5) < tone(None).radius(0.5));
    assert!(tone(Some(0.5)).radius(0.5) > tone(None).radius(0.5));
    // Black and white always map to the ends.
    for g in [0.0625, 0.5, 1.0, 2.2, 8.0] {
        assert_eq!(tone(Some(g)).radius(0.0), 2.0);
        assert_eq!(tone(Some(g)).radius(1.0), 10.0);
    }
    // Gammas are used to the nearest sixteenth.
    assert_eq!(tone(Some(2.2)).gamma(), 2.1875);
    let image = ramp(200, 100);
    let plain = stipple(&image, p(2.0, 10.0, 30, 5, None)).unwrap();
    let dark = stipple(&image, p(2.0, 10.0, 30, 5, Some(2.0))).unwrap();
    assert!(
        dark.len() > plain.len(),
        "{} vs {}",
        dark.len(),
        plain.len()
    );
}

#[test]
fn colour_mode_stipples_three_inks_from_their_channels() {
    // Left half pure red: no cyan ink there (R = 255), full magenta and yellow.
    let (w, h) = (240usize, 120usize);
    let mut bytes = Vec::new();
    for _ in 0..h {
        for x in 0..w {
            bytes.extend_from_slice(if x < w / 2 {
                &[255, 0, 0]
            } else {
                &[255, 255, 255]
            });
        }
    }
    let image = StippleImage::rgb(w, h, bytes).unwrap();
    let [cyan, magenta, yellow] = stipple_colour(&image, p(2.0, 12.0, 30, 123456, None)).unwrap();
    for set in [&cyan, &magenta, &yellow] {
        assert_spacing(set);
    }
    // Cyan is sparse everywhere (red and white both carry full red); magenta crowds the left.
    let left = |s: &[Point]| s.iter().filter(|p| p.x < 110.0).count();
    assert!(
        left(&magenta) > 3 * left(&cyan),
        "{} vs {}",
        left(&magenta),
        left(&cyan)
    );
    assert!(left(&yellow) > 3 * left(&cyan));
    // Cyan uses the seed itself: the same as stippling the red channel as a grey picture.
    let red = StippleImage::gray(w, h, image.channel_plane(0).values().to_vec()).unwrap();
    assert_eq!(cyan, stipple(&red, p(2.0, 12.0, 30, 123456, None)).unwrap());
    // The inks have their own, valid seeds.
    let seeds = Ink::ALL.map(|i| ink_seed(123456, i));
    assert_eq!(seeds[0], 123456);
    assert!(seeds[1] != seeds[2] && seeds.iter().all(|&s| s > 0));
    let mut s = Stippling::colour(&image, p(2.0, 12.0, 30, 123456, None)).unwrap();
    assert!(s.run(u64::MAX).unwrap());
    assert_eq!(s.sets().len(), 3);
    assert_eq!(s.total(), cyan.len() + magenta.len() + yellow.len());
    assert_eq!(s.points(1), &magenta[..]);
    assert!(s.points(3).is_empty());
}

#[test]
fn a_mask_allows_only_dark_ground() {
    let image = Picture::Tree.render(360, 200).unwrap();
    let mask = mask_from_image(&image, 0.5).unwrap();
    let share = mask.coverage();
    assert!(share > 0.05 && share < 0.5, "the tree covers {share}");
    let dots = masked_poisson(&image, 0.5, 5.0, 30, 123456).unwrap();
    assert!(dots.len() > 50);
    for p in &dots {
        let (x, y) = (p.x.floor() as usize, p.y.floor() as usize);
        assert!(
            f64::from(image.luma(x, y)) / 255.0 < 0.5,
            "{p:?} on light ground"
        );
        assert!(mask.allows(p.x, p.y));
        assert_eq!(p.r, 5.0);
    }
    assert_spacing(&dots);
    assert_eq!(dots, masked_poisson(&image, 0.5, 5.0, 30, 123456).unwrap());
    // Nothing is allowed at threshold 0; off the picture is never allowed.
    assert!(masked_poisson(&image, 0.0, 5.0, 30, 1).unwrap().is_empty());
    let all = mask_from_image(&image, 1.0).unwrap();
    assert!(!all.allows(-0.1, 10.0) && !all.allows(360.0, 10.0));
    assert!(all.allows(180.0, 150.0));
}

#[test]
fn a_mask_works_as_a_layer_rule_on_a_shared_grid() {
    let image = Picture::Rings.render(300, 200).unwrap();
    let mask = mask_from_image(&image, 0.6).unwrap();
    let layers = vec![
        Layer::new(12.0, 30, 1).with_allowed(mask.clone().into_allowed()),
        Layer::new(5.0, 30, 2),
    ];
    let placed = place_layers(300.0, 200.0, layers).unwrap();
    assert!(!placed[0].is_empty());
    assert!(placed[0].iter().all(|p| mask.allows(p.x, p.y)));
    let all: Vec<Point> = placed.concat();
    assert_spacing(&all);
}

#[test]
fn rgba_is_laid_over_white() {
    let image = StippleImage::from_rgba(2, 1, &[10, 20, 30, 255, 0, 0, 0, 0]).unwrap();
    assert_eq!(image.bytes(), &[10, 20, 30, 255, 255, 255]);
    assert_eq!(image.to_rgba(), vec![10, 20, 30, 255, 255, 255, 255, 255]);
    let half = StippleImage::from_rgba(1, 1, &[0, 0, 0, 128]).unwrap();
    assert_eq!(half.bytes(), &[127, 127, 127]);
    assert_eq!(half.luma(0, 0), 127);
    let white = StippleImage::rgb(1, 1, vec![255, 255, 255]).unwrap();
    assert_eq!(white.luma(0, 0), 255);
    assert_eq!(white.brightness_at(0.5, 0.5), 1.0);
}

#[test]
fn bad_input_is_refused_with_a_readable_message() {
    let msg = |e: Error| e.to_string();
    assert!(msg(StippleImage::gray(0, 10, vec![]).unwrap_err()).contains("at least 1"));
    assert!(msg(StippleImage::rgb(10, 0, vec![]).unwrap_err()).contains("at least 1"));
    assert_eq!(
        msg(StippleImage::rgb(2, 2, vec![0; 11]).unwrap_err()),
        "a 2 × 2 RGB image needs 12 bytes, got 11"
    );
    assert_eq!(
        msg(StippleImage::from_rgba(2, 2, &[0; 12]).unwrap_err()),
        "a 2 × 2 RGBA image needs 16 bytes, got 12"
    );
    assert!(matches!(
        StippleImage::gray(1 << 16, 1 << 16, vec![]),
        Err(Error::TooMuchWork { .. })
    ));
    assert!(Picture::Sphere.render(0, 5).is_err());
    let image = ramp(100, 50);
    assert_eq!(
        msg(stipple(&image, p(12.0, 4.0, 30, 1, None)).unwrap_err()),
        "min radius (12) must not be larger than max radius (4)"
    );
    assert!(msg(stipple(&image, p(0.0, 4.0, 30, 1, None)).unwrap_err()).contains("min radius"));
    assert!(msg(stipple(&image, p(2.0, 4.0, 0, 1, None)).unwrap_err()).contains("k must be"));
    assert!(msg(stipple(&image, p(2.0, 4.0, 30, 1, Some(0.0))).unwrap_err()).contains("gamma"));
    assert!(
        msg(stipple(&image, p(2.0, 4.0, 30, -2_147_483_646, None)).unwrap_err()).contains("seed")
    );
    assert!(stipple_colour(&image, p(2.0, 4.0, 30, -2_147_483_646, None)).is_err());
    assert!(msg(stipple(&image, p(0.001, 4.0, 30, 1, None)).unwrap_err()).contains("limit"));
    assert!(msg(mask_from_image(&image, 1.5).unwrap_err()).contains("threshold"));
    assert!(masked_poisson(&image, 0.5, -1.0, 30, 1).is_err());
}

/// FNV-1a over bytes: pins a result to what it was before the work was cut into slices.
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn point_hash(points: &[Point]) -> u64 {
    fnv(points
        .iter()
        .flat_map(|p| [p.x, p.y, p.r])
        .flat_map(|v| v.to_bits().to_le_bytes()))
}

#[test]
fn pictures_drawn_in_slices_equal_the_one_call_pictures() {
    // The bytes every build drew before rendering could be sliced.
    let pinned = [
        (Picture::Sphere, 720, 400, 0xadfe_c20b_0ddb_7057_u64),
        (Picture::Sphere, 97, 61, 0xa257_85b1_8831_ffa6),
        (Picture::Sphere, 1, 1, 0xeef7_301a_2bbb_40fc),
        (Picture::Gradient, 720, 400, 0x58d7_5e82_5f93_79e5),
        (Picture::Gradient, 97, 61, 0x9f7e_c355_688c_1381),
        (Picture::Gradient, 1, 1, 0x751c_a818_c448_34d5),
        (Picture::Tree, 720, 400, 0xf0d6_57be_cfff_c8aa),
        (Picture::Tree, 97, 61, 0xa8e2_c537_7a61_d682),
        (Picture::Tree, 1, 1, 0x3029_f919_bf98_4acd),
        (Picture::Rings, 720, 400, 0xc6c1_2cad_4bf0_7c3d),
        (Picture::Rings, 97, 61, 0x5358_e281_2f17_eb28),
        (Picture::Rings, 1, 1, 0xf998_341b_e47b_ae14),
    ];
    for (picture, w, h, hash) in pinned {
        let whole = picture.render(w, h).unwrap();
        assert_eq!(
            fnv(whole.bytes().iter().copied()),
            hash,
            "{picture:?} {w}×{h}"
        );
        for budgets in [&[1][..], &UNEVEN] {
            let mut job = picture.rendering(w, h).unwrap();
            assert_eq!((job.rows_done(), job.rows()), (0, h));
            assert_zero_budget_does_nothing(&mut job);
            let (image, calls) = run_in_slices(job, budgets);
            assert_eq!(image, whole, "{picture:?} {w}×{h} in slices of {budgets:?}");
            // A unit is about 20 pixels and a call draws whole rows: one row per unit here.
            if budgets == [1] {
                assert_eq!(calls, h, "{picture:?} {w}×{h}: a row per call");
            }
        }
        // The bindings' row count: stopped half way, the image draws the rest.
        let mut half = picture.rendering(w, h).unwrap();
        assert_eq!(half.draw_rows(h / 2), h / 2 == h);
        assert_eq!(half.rows_done(), h / 2);
        assert_eq!(half.into_image().unwrap(), whole);
    }
    assert!(Picture::Tree.rendering(0, 3).is_err());
}

#[test]
fn stipplings_in_uneven_slices_equal_the_one_call_points() {
    let tree = Picture::Tree.render(360, 200).unwrap();
    let rings = Picture::Rings.render(240, 160).unwrap();
    // Masks: threshold, spacing, seed; the point count and hash the one-call function gave
    // before the block seeding was sliced.
    for (threshold, radius, seed, count, hash) in [
        (0.5, 5.0, 123456, 320, 0x9bdb_1bba_582b_687b_u64),
        (0.9, 2.0, 7, 6515, 0xc528_cbfe_2181_b1fb),
        (0.3, 11.0, -99, 57, 0xe8fb_1a3b_5bf0_6726),
    ] {
        let once = masked_poisson(&tree, threshold, radius, 30, seed).unwrap();
        assert_eq!((once.len(), point_hash(&once)), (count, hash));
        // The CLI's path: the sampler seeded in one go, then run.
        let mut sampler = masked_sampler(&tree, threshold, radius, 30, seed).unwrap();
        sampler.finish();
        assert_eq!(sampler.points(), &once[..]);
        let masked = || Stippling::masked(&tree, threshold, radius, 30, seed).unwrap();
        // Making a mask's stippling seeds nothing yet: it is cheap, and not finished.
        let mut fresh = masked();
        assert_eq!(fresh.total(), 0);
        assert!(!fresh.is_finished());
        assert_eq!(fresh.stage(), "seeding the dark ground");
        assert_zero_budget_does_nothing(&mut fresh);
        for budgets in [&[1][..], &UNEVEN] {
            let (sets, _) = run_in_slices(masked(), budgets);
            assert_eq!(sets, vec![once.clone()], "mask {threshold} in {budgets:?}");
        }
        // A few runs into the seeding, then the rest at once, points kept in place.
        let mut partly = masked();
        partly.run(3).unwrap();
        partly.run(1).unwrap();
        partly.run(u64::MAX).unwrap();
        assert_eq!(partly.points(0), &once[..]);
    }
    let mono = stipple(&rings, p(1.5, 8.0, 30, 99, Some(1.5))).unwrap();
    assert_eq!(
        (mono.len(), point_hash(&mono)),
        (4896, 0xff66_176c_81dc_93e1)
    );
    for budgets in [&[1][..], &UNEVEN] {
        let job = Stippling::mono(&rings, p(1.5, 8.0, 30, 99, Some(1.5))).unwrap();
        let (sets, calls) = run_in_slices(job, budgets);
        assert_eq!(sets, vec![mono.clone()]);
        if budgets == [1] {
            assert!(calls >= 2 * mono.len() - 1, "a step per call: {calls}");
        }
    }
    for seed in [5, 123456, -7] {
        let colour = stipple_colour(&rings, p(2.0, 10.0, 30, seed, None)).unwrap();
        if seed == 5 {
            let pinned = [
                (1962, 0x5a87_117a_b70d_74ec_u64),
                (2695, 0xf5a2_29a3_0684_cd92),
                (2090, 0x7815_1599_6c45_7bc0),
            ];
            for (set, want) in colour.iter().zip(pinned) {
                assert_eq!((set.len(), point_hash(set)), want);
            }
        }
        let job = Stippling::colour(&rings, p(2.0, 10.0, 30, seed, None)).unwrap();
        let (sets, _) = run_in_slices(job, &UNEVEN);
        assert_eq!(sets, colour.to_vec(), "colour, seed {seed}");
    }
}
