//! The engine as XBoard sees it at `protover`: the `feature` lines that
//! announce the engine, its variants and its options (Griffon's own
//! options, shared by every protocol, are in [`crate::engine::options`]).

use crate::engine::options::DECLARED;
use crate::variant::VariantSet;

/// The `feature` lines answering `protover`: the engine's name, the
/// variants of `set`, the protocol features and the options.
pub(super) fn features(set: &VariantSet) -> Vec<String> {
    // Variants defined on an XBoard parent also go by that parent at
    // their size (`5x5+5_shogi`: XBoard's Shogi with a 5x5 board), first
    // in the list, where XBoard looks for them.
    let mut names: Vec<String> = set
        .iter()
        .filter(|v| !v.xboard.known_to_xboard)
        .filter_map(|v| {
            let parent = v.xboard.variant_template.as_deref()?;
            (parent != "fairy")
                .then(|| format!("{}x{}+{}_{parent}", v.width, v.height, v.xboard.pocket_size))
        })
        .collect();
    for v in set.iter() {
        let name = v.xboard.name.clone();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let variants = names.join(",");
    let mut lines = vec![
        "feature done=0".into(),
        format!(
            "feature myname=\"Griffon {}\" variants=\"{variants}\" setboard=1 usermove=1 ping=1 san=0 colors=0 \
             time=1 draw=1 sigint=0 sigterm=0 reuse=1 analyze=1 pause=1 nps=1 memory=1 smp=1 exclude=1 \
             highlight=1 debug=1 egt=\"griffon\"",
            env!("CARGO_PKG_VERSION")
        ),
    ];
    lines.extend(DECLARED.iter().map(|d| d.xboard_feature()));
    lines.push("feature done=1".into());
    lines
}
