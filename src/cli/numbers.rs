//! Parsers for numeric options that name what is wrong with a value, so
//! `--speed -1` reads "--speed must be positive, got -1" (the command line
//! is parsed with negative numbers allowed as values, then checked here).

/// A count or size: a whole number of at least 1.
pub fn positive_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n < 1 => Err("must be positive".into()),
        Ok(n) => usize::try_from(n).map_err(|_| "is too large".into()),
        Err(_) => Err("must be a whole number".into()),
    }
}

/// A seed or a number of slides: a whole number, 0 or more.
pub fn whole(text: &str) -> Result<u64, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n < 0 => Err("must not be negative".into()),
        Ok(n) => u64::try_from(n).map_err(|_| format!("is too large (at most {})", u64::MAX)),
        Err(_) => Err("must be a whole number".into()),
    }
}

/// A depth: a whole number, 0 or more, that fits in 32 bits.
pub fn whole_u32(text: &str) -> Result<u32, String> {
    let n = whole(text)?;
    u32::try_from(n).map_err(|_| format!("is too large (at most {})", u32::MAX))
}

/// A pause: a finite number, 0 or more (only `bench-serve`, feature `net`, takes one).
#[cfg_attr(not(feature = "net"), allow(dead_code))]
pub fn non_negative_real(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        Ok(x) if x.is_nan() || x.is_infinite() => Err("must be a finite number".into()),
        Ok(_) => Err("must not be negative".into()),
        Err(_) => Err("must be a number".into()),
    }
}

/// A rate or a time: a finite number above 0.
pub fn positive_real(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        Ok(x) if x.is_nan() || x.is_infinite() => Err("must be a finite number".into()),
        Ok(_) => Err("must be positive".into()),
        Err(_) => Err("must be a number".into()),
    }
}

/// `--speed`, when given, in the range the player plays at (one line
/// naming the range otherwise).
pub fn check_speed(speed: Option<f64>) -> Result<Option<f64>, super::error::CliError> {
    use fifteen_view::anim::{MAX_SPEED, MIN_SPEED};
    match speed {
        Some(speed) if !(MIN_SPEED..=MAX_SPEED).contains(&speed) => Err(super::error::CliError::Usage(format!(
            "--speed {speed} is out of range: give {MIN_SPEED} to {MAX_SPEED} moves per second"
        ))),
        _ => Ok(speed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_bad_number_is_named() {
        assert_eq!(positive_count("-3"), Err("must be positive".into()));
        assert_eq!(positive_count("0"), Err("must be positive".into()));
        assert_eq!(positive_count("4"), Ok(4));
        assert_eq!(positive_count("four"), Err("must be a whole number".into()));
        assert_eq!(whole("-1"), Err("must not be negative".into()));
        assert_eq!(whole("0"), Ok(0));
        assert_eq!(positive_real("-1"), Err("must be positive".into()));
        assert_eq!(positive_real("0.5"), Ok(0.5));
        assert_eq!(positive_real("inf"), Err("must be a finite number".into()));
        assert_eq!(whole_u32("4294967296"), Err("is too large (at most 4294967295)".into()));
        assert_eq!(non_negative_real("0"), Ok(0.0));
        assert_eq!(non_negative_real("-2"), Err("must not be negative".into()));
    }
}
