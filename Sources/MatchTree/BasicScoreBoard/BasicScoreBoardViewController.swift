import MatchWords
import RIBs

/// The score, within OffGame's screen. The display drops a score equal to the one already shown,
/// so coming back on screen after a game repeats nothing.
final class BasicScoreBoardViewController: MatchViewController, BasicScoreBoardPresentable,
    BasicScoreBoardViewControllable
{
    func present(score: Score) {
        emit(.score(score))
    }
}
