//! The filter operators: their URL names, SQL spellings and modifiers.

/// Binary operators taking one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    Eq,
    Neq,
    Gt,
    Gte,
    Lt,
    Lte,
    Like,
    Ilike,
    Match,
    Imatch,
    Cs,
    Cd,
    Ov,
    Sl,
    Sr,
    Nxr,
    Nxl,
    Adj,
}

impl Operator {
    pub(super) const ALL: [(&'static str, Operator); 18] = [
        ("eq", Self::Eq),
        ("neq", Self::Neq),
        ("gt", Self::Gt),
        ("gte", Self::Gte),
        ("lt", Self::Lt),
        ("lte", Self::Lte),
        ("like", Self::Like),
        ("ilike", Self::Ilike),
        ("match", Self::Match),
        ("imatch", Self::Imatch),
        ("cs", Self::Cs),
        ("cd", Self::Cd),
        ("ov", Self::Ov),
        ("sl", Self::Sl),
        ("sr", Self::Sr),
        ("nxr", Self::Nxr),
        ("nxl", Self::Nxl),
        ("adj", Self::Adj),
    ];

    /// The operator spelled `name` in a URL.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, op)| *op)
    }

    /// The name used in URLs.
    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, op)| *op == self).map(|(n, _)| *n).unwrap_or("eq")
    }

    /// The SQL operator.
    pub fn sql(self) -> &'static str {
        match self {
            Self::Eq => "=",
            Self::Neq => "<>",
            Self::Gt => ">",
            Self::Gte => ">=",
            Self::Lt => "<",
            Self::Lte => "<=",
            Self::Like => "like",
            Self::Ilike => "ilike",
            Self::Match => "~",
            Self::Imatch => "~*",
            Self::Cs => "@>",
            Self::Cd => "<@",
            Self::Ov => "&&",
            Self::Sl => "<<",
            Self::Sr => ">>",
            Self::Nxr => "&<",
            Self::Nxl => "&>",
            Self::Adj => "-|-",
        }
    }

    /// Whether `(any)`/`(all)` may follow the operator.
    pub fn takes_quantifier(self) -> bool {
        matches!(
            self,
            Self::Eq
                | Self::Gt
                | Self::Gte
                | Self::Lt
                | Self::Lte
                | Self::Like
                | Self::Ilike
                | Self::Match
                | Self::Imatch
        )
    }
}

/// `(any)` / `(all)`: compare against every element of an array value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantifier {
    Any,
    All,
}

/// The right-hand side of `IS`; parsed case-insensitively.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IsValue {
    Null,
    NotNull,
    True,
    False,
    Unknown,
}

/// The full-text search operators and the `tsquery` function each one uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FtsOperator {
    /// `fts`: `to_tsquery`.
    Fts,
    /// `plfts`: `plainto_tsquery`.
    Plain,
    /// `phfts`: `phraseto_tsquery`.
    Phrase,
    /// `wfts`: `websearch_to_tsquery`.
    Websearch,
}

impl FtsOperator {
    /// The operator spelled `name` in a URL.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "fts" => Some(Self::Fts),
            "plfts" => Some(Self::Plain),
            "phfts" => Some(Self::Phrase),
            "wfts" => Some(Self::Websearch),
            _ => None,
        }
    }

    /// The SQL function building the `tsquery`.
    pub fn sql_function(self) -> &'static str {
        match self {
            Self::Fts => "to_tsquery",
            Self::Plain => "plainto_tsquery",
            Self::Phrase => "phraseto_tsquery",
            Self::Websearch => "websearch_to_tsquery",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_simple_operator_parses_with_its_sql() {
        let cases = [
            ("eq", "="),
            ("neq", "<>"),
            ("gt", ">"),
            ("gte", ">="),
            ("lt", "<"),
            ("lte", "<="),
            ("like", "like"),
            ("ilike", "ilike"),
            ("match", "~"),
            ("imatch", "~*"),
            ("cs", "@>"),
            ("cd", "<@"),
            ("ov", "&&"),
            ("sl", "<<"),
            ("sr", ">>"),
            ("nxr", "&<"),
            ("nxl", "&>"),
            ("adj", "-|-"),
        ];
        for (name, sql) in cases {
            let op = Operator::from_name(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(op.sql(), sql);
            assert_eq!(op.name(), name);
        }
    }

    #[test]
    fn only_comparison_and_pattern_operators_take_quantifiers() {
        let quantified: Vec<_> =
            Operator::ALL.iter().filter(|(_, op)| op.takes_quantifier()).map(|(n, _)| *n).collect();
        assert_eq!(quantified, ["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"]);
    }

    #[test]
    fn full_text_operators_map_to_tsquery_functions() {
        let cases = [
            ("fts", "to_tsquery"),
            ("plfts", "plainto_tsquery"),
            ("phfts", "phraseto_tsquery"),
            ("wfts", "websearch_to_tsquery"),
        ];
        for (name, function) in cases {
            assert_eq!(FtsOperator::from_name(name).map(FtsOperator::sql_function), Some(function), "{name}");
        }
        assert_eq!(FtsOperator::from_name("fts2"), None);
    }
}
