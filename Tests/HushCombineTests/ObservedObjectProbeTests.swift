import HushCombine
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// A playlist and its tracks, as an `ObservableObject` app writes them.
final class Playlist: ObservableObject {
  @Published var name = ""
  @Published var isShuffled = false
}

final class Track: ObservableObject {
  @Published var title = ""
}

@Suite @MainActor struct ObservedObjectProbeTests {
  @Test func countsOneRenderPerFrameInWhichAnObservedObjectAnnounced() {
    let playlist = Playlist()
    let probe = ObservedObjectProbe(observing: playlist)
    #expect(probe.renders == 0)
    playlist.name = "Road trip"
    #expect(probe.isDirty)
    #expect(probe.renders == 1)
    #expect(probe.renders == 1)
    // Two changes before a frame are one render.
    playlist.name = "Road trip 2"
    playlist.isShuffled = true
    #expect(probe.renders == 2)
  }

  @Test func aWriteOfTheSameValueStillRenders() {
    // `@Published` announces every write: the view renders even when nothing it shows changed.
    let playlist = Playlist()
    let probe = ObservedObjectProbe(observing: playlist)
    playlist.name = ""
    #expect(probe.renders == 1)
  }

  @Test func followsEveryObjectTheViewObservesAndNoOther() {
    let playlist = Playlist()
    let track = Track()
    let other = Track()
    let probe = ObservedObjectProbe(observing: playlist, track)
    track.title = "Intro"
    #expect(probe.renders == 1)
    other.title = "Outro"
    #expect(probe.renders == 1)
    playlist.isShuffled = true
    #expect(probe.renders == 2)
  }
}
