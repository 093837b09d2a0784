//! Readers for the small geometry types (array form and the older object form).

use std::fmt;

use serde::de::{Error, IgnoredAny, MapAccess, SeqAccess, Visitor};

/// Field `i` of a map, by name; `None` for a field this reader does not know.
fn slot(names: &[&str], key: &str) -> Option<usize> {
    names.iter().position(|n| *n == key)
}

fn no_more<'de, A: SeqAccess<'de>>(mut seq: A, n: usize) -> Result<(), A::Error> {
    match seq.next_element::<IgnoredAny>()? {
        None => Ok(()),
        Some(_) => Err(A::Error::invalid_length(n + 1, &"fewer elements")),
    }
}

/// `N` numbers, as `[a, b, …]` or `{"a": …, "b": …}`.
pub struct Fields<const N: usize>(pub [&'static str; N]);

impl<'de, const N: usize> Visitor<'de> for Fields<N> {
    type Value = [f32; N];

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an array of {N} numbers or an object with {:?}", self.0)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[f32; N], A::Error> {
        let mut out = [0.0; N];
        for (i, v) in out.iter_mut().enumerate() {
            *v = seq
                .next_element()?
                .ok_or_else(|| A::Error::invalid_length(i, &self))?;
        }
        no_more(seq, N)?;
        Ok(out)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<[f32; N], A::Error> {
        let mut out = [None; N];
        while let Some(k) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match slot(&self.0, &k) {
                Some(i) => out[i] = Some(map.next_value()?),
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let mut done = [0.0; N];
        for (i, v) in out.into_iter().enumerate() {
            done[i] = v.ok_or_else(|| A::Error::missing_field(self.0[i]))?;
        }
        Ok(done)
    }
}

/// A number and a colour, as `[w, c]` or `{"width": w, "color": c}`.
pub struct Pair(pub [&'static str; 2]);

impl<'de> Visitor<'de> for Pair {
    type Value = (f32, super::Color);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "[width, colour] or an object with {:?}", self.0)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let w = seq
            .next_element()?
            .ok_or_else(|| A::Error::invalid_length(0, &self))?;
        let c = seq
            .next_element()?
            .ok_or_else(|| A::Error::invalid_length(1, &self))?;
        no_more(seq, 2)?;
        Ok((w, c))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut w, mut c) = (None, None);
        while let Some(k) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match slot(&self.0, &k) {
                Some(0) => w = Some(map.next_value()?),
                Some(_) => c = Some(map.next_value()?),
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok((
            w.ok_or_else(|| A::Error::missing_field(self.0[0]))?,
            c.ok_or_else(|| A::Error::missing_field(self.0[1]))?,
        ))
    }
}
