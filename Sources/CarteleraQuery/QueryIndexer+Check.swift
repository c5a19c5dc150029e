import CarteleraStore

extension QueryIndexer {
    /// What is wrong with each index file `store` reads at `generation`, one line naming the file under `folder`: missing,
    /// behind the manifest, or refused as a reader would refuse it (truncated, damaged, of another version); empty when current.
    public func problems(_ store: any DerivedFileReader, folder: String, generation: Int) -> [String] {
        guard let state = Self.state(from: store) else {
            return ["\(folder)/\(IndexState.fileName): missing or unreadable, so no index file is trusted"]
        }
        var problems: [String] = []
        if state.generation != generation {
            problems.append("\(folder)/\(IndexState.fileName): reflects generation \(state.generation), the manifest is at \(generation)")
        }
        let files: [(String, IndexFile.Kind, (IndexFile) throws -> Void)] = [
            (Self.programmesFile, .programmes, { _ = try ProgrammeIndex(file: $0) }),
            (Self.nightlifeFile, .nightlife, { _ = try NightlifeIndex(file: $0) }),
            (Self.audiencesFile, .audiences, { _ = try AudienceIndex(file: $0) }),
        ]
        for (name, kind, read) in files {
            let path = "\(folder)/\(name)"
            do {
                guard let mapped = try store.derivedFile(name) else {
                    problems.append("\(path): missing")
                    continue
                }
                let file = try IndexFile.read(mapped, kind: kind, file: path)
                guard let expected = state.files[name] else {
                    problems.append("\(path): not named in \(IndexState.fileName)")
                    continue
                }
                if file.generation != expected {
                    problems.append("\(path): built at generation \(file.generation), \(IndexState.fileName) expects \(expected)")
                    continue
                }
                try read(file)
            } catch let error as IndexError {
                problems.append(error.description)
            } catch {
                problems.append("\(path): \(error)")
            }
        }
        return problems
    }
}
