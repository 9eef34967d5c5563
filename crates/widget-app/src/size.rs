//! What the widget tells its host about its size. Hosts apply a report as given (some pin a
//! reported width as the frame's fixed width, some collapse the frame to a reported height of 0,
//! some never clamp to the limit they gave), so the widget reports only a height, only once
//! something is drawn, and never past the container's limit.

use crate::host_context::ContainerHeight;

/// The height to report for a document whose content is `content_height` CSS pixels tall, in a
/// container of `container` height; `None` when there is nothing to report yet (no content: a
/// page not drawn yet, which a host would take for a frame of height 0).
///
/// - no container height: the content's height;
/// - `AtMost(max)`: the content's height up to `max`, past which the widget scrolls inside the
///   frame;
/// - `Fixed(height)`: that height, which the widget fills.
pub fn reported_height(content_height: f64, container: Option<ContainerHeight>) -> Option<u32> {
    if !content_height.is_finite() || content_height < 1.0 {
        return None;
    }
    let height = match container {
        None => content_height,
        Some(ContainerHeight::AtMost(max)) => content_height.min(max),
        Some(ContainerHeight::Fixed(height)) => height,
    };
    Some(height.ceil().min(f64::from(u32::MAX)) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_drawn_is_never_reported() {
        for empty in [0.0, 0.4, -3.0, f64::NAN, f64::INFINITY] {
            assert_eq!(reported_height(empty, None), None, "{empty}");
            assert_eq!(
                reported_height(empty, Some(ContainerHeight::AtMost(400.0))),
                None
            );
            assert_eq!(
                reported_height(empty, Some(ContainerHeight::Fixed(500.0))),
                None
            );
        }
    }

    #[test]
    fn the_content_s_height_in_whole_pixels_when_the_host_sets_no_limit() {
        assert_eq!(reported_height(812.2, None), Some(813));
        assert_eq!(reported_height(1.0, None), Some(1));
    }

    #[test]
    fn a_max_height_caps_the_report() {
        let max = Some(ContainerHeight::AtMost(400.0));
        assert_eq!(reported_height(812.0, max), Some(400));
        assert_eq!(reported_height(399.5, max), Some(400));
        assert_eq!(reported_height(120.0, max), Some(120));
    }

    #[test]
    fn a_fixed_height_is_reported_whatever_the_content() {
        let fixed = Some(ContainerHeight::Fixed(500.0));
        assert_eq!(reported_height(120.0, fixed), Some(500));
        assert_eq!(reported_height(900.0, fixed), Some(500));
    }
}
