/// A step of a photo's analysis as its progress events name it (SPEC §4 "Image flow":
/// start, food_detection, food_detection_complete, portion_estimation, complete, error),
/// with how far the analysis is once it is reached.
///
/// Each recognition job records the step that hands over to the next job (the first,
/// the long one, also that it has begun); the percentages are set here, in the order the
/// steps happen, so they grow monotonically. Events are stored with the variant's own
/// snake_case name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisStep {
    /// The analysis began (`DetectFoods` is queued).
    Start,
    /// `DetectFoods` is looking at the photo.
    DetectingFoods,
    /// Stage 1 is stored and `EstimatePortions` queued.
    FoodDetectionComplete,
    /// Stage 2 is stored and `LookupNutrition` queued.
    PortionsEstimated,
    /// The analysis ended with its results.
    Complete,
    /// The analysis failed or was cancelled.
    Error,
}

impl AnalysisStep {
    /// Every step, in the order an analysis that succeeds meets them (then `Error`).
    pub const ALL: [AnalysisStep; 6] = [
        AnalysisStep::Start,
        AnalysisStep::DetectingFoods,
        AnalysisStep::FoodDetectionComplete,
        AnalysisStep::PortionsEstimated,
        AnalysisStep::Complete,
        AnalysisStep::Error,
    ];

    /// The step's name on the wire (`step` of a progress event).
    pub fn name(self) -> &'static str {
        match self {
            AnalysisStep::Start => "start",
            AnalysisStep::DetectingFoods => "food_detection",
            AnalysisStep::FoodDetectionComplete => "food_detection_complete",
            AnalysisStep::PortionsEstimated => "portion_estimation",
            AnalysisStep::Complete => "complete",
            AnalysisStep::Error => "error",
        }
    }

    /// How far the analysis is, in percent (`progress` of a progress event).
    pub fn progress(self) -> u8 {
        match self {
            AnalysisStep::Start => 0,
            AnalysisStep::DetectingFoods => 10,
            AnalysisStep::FoodDetectionComplete => 50,
            AnalysisStep::PortionsEstimated => 75,
            AnalysisStep::Complete | AnalysisStep::Error => 100,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AnalysisStep;

    #[test]
    fn the_steps_are_the_specs_and_their_progress_only_grows() {
        let spec = [
            "start",
            "food_detection",
            "food_detection_complete",
            "portion_estimation",
            "complete",
            "error",
        ];
        assert!(AnalysisStep::ALL.iter().all(|s| spec.contains(&s.name())));
        assert!(
            spec.iter()
                .all(|name| AnalysisStep::ALL.iter().any(|s| s.name() == *name))
        );
        assert!(
            AnalysisStep::ALL
                .windows(2)
                .all(|w| w[0].progress() <= w[1].progress())
        );
        assert_eq!(AnalysisStep::Complete.progress(), 100);
    }
}
