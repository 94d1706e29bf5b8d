//! Shaping responses: statuses and headers of PostgREST's `Response.hs`.

pub mod content_range;
